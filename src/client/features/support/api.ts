import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { okSchema } from "../../../shared/schemas/common";
import {
  type errorReportBodySchema,
  errorReportResultSchema,
  type FeedbackBody,
} from "../../../shared/schemas/support";
import { apiSend } from "../../lib/api-client";

export type ErrorReport = z.input<typeof errorReportBodySchema>;

export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => apiSend("POST", "/api/email", body, okSchema),
  });
}

export function useReportError() {
  return useMutation({
    mutationFn: (body: ErrorReport) => apiSend("POST", "/api/email/error", body, errorReportResultSchema),
  });
}
