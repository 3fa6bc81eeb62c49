import { useMutation } from "@tanstack/react-query";
import { type FormResult, formResultSchema } from "../../../../shared/schemas/forms";
import { apiPath, apiSend } from "../../../lib/api-client";

type AccessChange =
  | { kind: "close"; at?: string }
  | { kind: "reopen" }
  | { kind: "allowEdit"; allowEdit: boolean };

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
      return apiSend("POST", apiPath`/api/forms/${formId}/reopen`, undefined, formResultSchema);
    case "allowEdit":
      return apiSend(
        "PATCH",
        apiPath`/api/forms/${formId}/allow-edit`,
        { allowEdit: change.allowEdit },
        formResultSchema,
      );
  }
}

/** Manage Applicant Access: close now or at a date-time, reopen, allow editing; each answers the form. */
export function useChangeAccess(formId: string) {
  return useMutation({ mutationFn: (change: AccessChange) => changeAccess(formId, change) });
}
