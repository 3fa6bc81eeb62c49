/**
 * The PDF export's renderer thread (see pdf-renderer.ts): renders the submission PDFs it is sent and
 * sends each back as its bytes, transferred. Ended with the export, so the heap pdf-lib grew goes with
 * it instead of staying in the server's.
 */
import { parentPort } from "node:worker_threads";
import { renderSubmissionPdf } from "../../submissions/pdf";
import type { PdfRequest, PdfResponse } from "./pdf-renderer";

const port = parentPort!;
port.on("message", async ({ id, input }: PdfRequest) => {
  let response: PdfResponse;
  try {
    const pdf = await renderSubmissionPdf(input);
    response = { id, pdf };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response, "pdf" in response ? [response.pdf.buffer as ArrayBuffer] : []);
});
