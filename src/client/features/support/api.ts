import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { errorReportBodySchema, FeedbackBody } from "../../../shared/schemas/support";
import { apiSend } from "../../lib/api-client";
import { lazySchemasOf } from "../../lib/lazy-schema";

// Loaded with the first report (docs/decisions/043-zod-off-the-first-paint.md).
const common = lazySchemasOf(() => import("../../../shared/schemas/common"));
const support = lazySchemasOf(() => import("../../../shared/schemas/support"));

export type ErrorReport = z.input<typeof errorReportBodySchema>;

export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => apiSend("POST", "/api/email", body, common("okSchema")),
  });
}

export function useReportError() {
  return useMutation({
    mutationFn: (body: ErrorReport) =>
      apiSend("POST", "/api/email/error", body, support("errorReportResultSchema")),
  });
}
