import type { ExportProducer } from "../types";

/** Placeholder until the producer lands (issue 8). */
export const attachmentsExport: ExportProducer = {
  kind: "attachments",
  contentType: () => "application/octet-stream",
  run: async () => {
    throw new Error("This export is not available yet.");
  },
};
