import type { ExportProducer } from "../types";

/** Placeholder until the producer lands (issue 8). */
export const dataExport: ExportProducer = {
  kind: "data",
  contentType: () => "application/octet-stream",
  run: async () => {
    throw new Error("This export is not available yet.");
  },
};
