import { useMutation } from "@tanstack/react-query";
import { customEmailResultSchema } from "../../../shared/schemas/committee";
import { apiSend } from "../../lib/api-client";
import type { CustomEmailRequest } from "./email-form-rules";

/**
 * POST /api/email/custom: one message per chosen candidate, through the outbox. The request carries its
 * idempotency key, so sending the same request again (a retry after a timeout) enqueues nothing twice.
 */
export function sendCustomEmail(request: CustomEmailRequest) {
  return apiSend("POST", "/api/email/custom", request, customEmailResultSchema);
}

/** Sending changes nothing the pages have cached: no invalidation. */
export function useSendCustomEmail() {
  return useMutation({ mutationFn: sendCustomEmail });
}
