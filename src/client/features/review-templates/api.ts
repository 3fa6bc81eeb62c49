import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReviewTemplateDefinition } from "../../../shared/review/templates";
import { okSchema } from "../../../shared/schemas/common";
import {
  reviewTemplateListSchema,
  reviewTemplateResultSchema,
  templatePreviewSchema,
} from "../../../shared/schemas/review-templates";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";

/** Kept under the viewer's keys: signing out forgets them with the rest. */
export const templateKeys = {
  list: (userId: string, organizationId: string) =>
    [...userKeys.all(userId), "reviewTemplates", organizationId] as const,
};

const base = (organizationId: string) => apiPath`/api/organizations/${organizationId}/review-templates`;

export function useReviewTemplates(userId: string, organizationId: string) {
  return useQuery({
    queryKey: templateKeys.list(userId, organizationId),
    queryFn: () => apiGet(base(organizationId), reviewTemplateListSchema),
  });
}

/** Every change reloads the list (bound programs' "Other" answers depend on the templates). */
function useTemplateMutation<V>(
  userId: string,
  organizationId: string,
  run: (variables: V) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.list(userId, organizationId) }),
  });
}

/**
 * Create (and import: an exported file is a definition) or replace a template; a replacement carries the
 * revision the editor read (decision 016), and a stale one is refused with the usual edit conflict.
 */
export function useSaveTemplate(userId: string, organizationId: string) {
  return useTemplateMutation(
    userId,
    organizationId,
    ({
      id,
      definition,
      revision,
    }: {
      id: string | null;
      definition: ReviewTemplateDefinition;
      revision?: number;
    }) =>
      id === null
        ? apiSend("POST", base(organizationId), definition, reviewTemplateResultSchema)
        : apiSend(
            "PUT",
            `${base(organizationId)}/${encodeURIComponent(id)}`,
            { definition, revision },
            reviewTemplateResultSchema,
          ),
  );
}

export function useDeleteTemplate(userId: string, organizationId: string) {
  return useTemplateMutation(userId, organizationId, (id: string) =>
    apiSend("DELETE", `${base(organizationId)}/${encodeURIComponent(id)}`, undefined, okSchema),
  );
}

export function useBindTemplate(userId: string, organizationId: string) {
  return useTemplateMutation(
    userId,
    organizationId,
    ({ programId, templateId }: { programId: string; templateId: string | null }) =>
      apiSend(
        "PUT",
        apiPath`/api/organizations/${organizationId}/programs/${programId}/review-template`,
        { templateId },
        okSchema,
      ),
  );
}

export function previewTemplate(
  organizationId: string,
  body: { definition: ReviewTemplateDefinition; programId: string; submissionId?: string },
) {
  return apiSend("POST", `${base(organizationId)}/preview`, body, templatePreviewSchema);
}
