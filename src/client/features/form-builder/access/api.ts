import { useMutation } from "@tanstack/react-query";
import { type FormResult, formResultSchema } from "../../../../shared/schemas/forms";
import { apiPath, apiSend } from "../../../lib/api-client";

type AccessChange =
  | { kind: "close"; at?: string }
  /** Without `closeAt`, a close scheduled before the form was closed early is kept; null drops it. */
  | { kind: "reopen"; closeAt?: null }
  | { kind: "allowEdit"; allowEdit: boolean }
  | { kind: "address"; slug: string };

function changeAccess(formId: string, change: AccessChange): Promise<FormResult> {
  switch (change.kind) {
    case "close":
      return apiSend(
        "POST",
        apiPath`/api/forms/${formId}/close`,
        change.at === undefined ? {} : { at: change.at },
        formResultSchema,
      );
    case "reopen":
      return apiSend(
        "POST",
        apiPath`/api/forms/${formId}/reopen`,
        change.closeAt === undefined ? {} : { closeAt: change.closeAt },
        formResultSchema,
      );
    case "address":
      return apiSend("PUT", apiPath`/api/forms/${formId}/address`, { slug: change.slug }, formResultSchema);
    case "allowEdit":
      return apiSend(
        "PATCH",
        apiPath`/api/forms/${formId}/allow-edit`,
        { allowEdit: change.allowEdit },
        formResultSchema,
      );
  }
}

/**
 * Manage Applicant Access: close now or at a date-time, reopen, allow editing, choose the public address;
 * each answers the form.
 */
export function useChangeAccess(formId: string) {
  return useMutation({ mutationFn: (change: AccessChange) => changeAccess(formId, change) });
}
