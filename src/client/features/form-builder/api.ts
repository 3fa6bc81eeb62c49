import { useQuery } from "@tanstack/react-query";
import type { FormContent, Section } from "../../../shared/forms/model";
import {
  type FormResult,
  formResultSchema,
  type MachineTranslationResult,
  machineTranslationResultSchema,
  type SaveFormResult,
  saveFormResultSchema,
} from "../../../shared/schemas/forms";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";

/**
 * The program's form as the builder opened it. The builder owns the content from then on, so the
 * query never refetches by itself (that would replace what is being typed); Reload refetches.
 * Dropped as soon as the builder closes: opening it again always starts from the server's revision.
 */
export function useProgramForm(viewerId: string, programId: string) {
  return useQuery({
    queryKey: [...userKeys.all(viewerId), "programForm", programId],
    queryFn: () => apiGet(apiPath`/api/forms/program/${programId}`, formResultSchema),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Every call the builder makes; all answer the new revision (the save without the content it sent, the others with the form). */
export const formApi = {
  save: (formId: string, revision: number, content: FormContent): Promise<SaveFormResult> =>
    apiSend("PUT", apiPath`/api/forms/${formId}`, { revision, content }, saveFormResultSchema),
  addSection: (formId: string, revision: number, index: number, section: Section): Promise<FormResult> =>
    apiSend("POST", apiPath`/api/forms/${formId}/sections`, { revision, index, section }, formResultSchema),
  deleteSection: (formId: string, sectionId: string, revision: number): Promise<FormResult> =>
    apiSend(
      "POST",
      apiPath`/api/forms/${formId}/sections/${sectionId}/delete`,
      { revision },
      formResultSchema,
    ),
  restoreSection: (formId: string, sectionId: string, revision: number): Promise<FormResult> =>
    apiSend(
      "POST",
      apiPath`/api/forms/${formId}/sections/${sectionId}/restore`,
      { revision },
      formResultSchema,
    ),
  publish: (formId: string, revision: number): Promise<FormResult> =>
    apiSend("POST", apiPath`/api/forms/${formId}/publish`, { revision }, formResultSchema),
  unpublish: (formId: string, revision: number): Promise<FormResult> =>
    apiSend("POST", apiPath`/api/forms/${formId}/unpublish`, { revision }, formResultSchema),
  translateMissing: (formId: string, revision: number): Promise<MachineTranslationResult> =>
    apiSend(
      "POST",
      apiPath`/api/forms/${formId}/translations/machine`,
      { revision },
      machineTranslationResultSchema,
    ),
};
