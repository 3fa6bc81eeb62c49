import type { ExportKind } from "../../../shared/schemas/exports";
import type { ExportProducer } from "../types";
import { attachmentsExport } from "./attachments";
import { commentsExport } from "./comments";
import { dataExport } from "./data";
import { dossierExport } from "./dossier";
import { matrixExport } from "./matrix";
import { pdfsExport } from "./pdfs";

/** Every export the job runner can produce, by kind. */
export const PRODUCERS: Record<ExportKind, ExportProducer> = {
  data: dataExport,
  pdfs: pdfsExport,
  attachments: attachmentsExport,
  matrix: matrixExport,
  comments: commentsExport,
  dossier: dossierExport,
};
