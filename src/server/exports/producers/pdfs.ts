import { EXPORT_SLUG_LENGTH, fileSlug } from "../../../shared/file-names";
import { programTemplate } from "../../review-templates/service";
import { countCandidates } from "../tabular/candidate-pages";
import type { ExportProducer } from "../types";
import { UniqueNames } from "../zip/entry-names";
import {
  candidateBatches,
  ExportForms,
  type ExportSubmission,
  eachCandidate,
  inOrder,
  renderExportPdf,
} from "../zip/submissions";
import { ZipWriter } from "../zip/zip-writer";

/**
 * PDFs of submissions (docs/decisions/011-exports.md): one PDF per candidate (submitted, not a test),
 * rendered by the applicant's own renderer, in a zip; named from the identifier's slug (200 characters in
 * exports, review-and-administration, "9. Business constants and limits"), "-2", "-3"… when identifiers
 * collide. Anonymized answers read "[anonymized]" unless the admin asked for them.
 *
 * Speed: a thousand PDFs take about 6.5 ms each with two rendered at once (pdf-lib pauses while saving,
 * and the other render fills the pause); they are stored, not deflated again — a PDF's streams are
 * compressed already. Memory: a batch of submissions and the PDFs in flight, never more.
 */

/** Renders in flight ahead of the zip: two gain about 30 %, more gain nothing on two cores. */
export const RENDER_CONCURRENCY = 2;

export const pdfsExport: ExportProducer = {
  kind: "pdfs",
  contentType: () => "application/zip",
  async run(ctx) {
    const { db, program, signal } = ctx;
    const total = await countCandidates(db, program.id);
    await ctx.progress(0, total);
    const forms = new ExportForms(db, ctx.params.includeAnonymized);
    const template = await programTemplate(db, program.id);
    const names = new UniqueNames();
    const zip = new ZipWriter(ctx.output, signal);
    const candidates = eachCandidate(candidateBatches(db, program.id, { withAnswers: true, signal }));
    const rendered = inOrder(candidates, RENDER_CONCURRENCY, async (submission: ExportSubmission) => ({
      submission,
      pdf: await renderExportPdf(forms, submission, template),
    }));
    let processed = 0;
    try {
      for await (const { submission, pdf } of rendered) {
        const name = names.claim(`${fileSlug(submission.identifier, EXPORT_SLUG_LENGTH)}.pdf`);
        await zip.addFile(name, pdf, { modified: submission.submissionDate });
        processed += 1;
        await ctx.progress(processed, total);
      }
      await zip.finish();
    } catch (error) {
      zip.abort();
      throw error;
    }
  },
};
