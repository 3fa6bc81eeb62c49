import { EXPORT_SLUG_LENGTH, fileSlug } from "../../../shared/file-names";
import type { ExportProducer } from "../types";
import { addAttachments, MissingFiles } from "../zip/attachment-entries";
import { UniqueNames } from "../zip/entry-names";
import { candidateBatches, countCandidateFiles, ExportForms, eachCandidate } from "../zip/submissions";
import { ZipWriter } from "../zip/zip-writer";

/**
 * The attachment zip (docs/decisions/011-exports.md): every file uploaded with a candidate's application
 * (submitted, not a test), in a folder per candidate named like their PDF in the PDF export (the identifier's
 * slug, "-2", "-3"… in the same order when identifiers collide), streamed from storage into the zip without
 * holding a file in memory. Files answering an anonymized question stay out unless the admin asked for
 * anonymized answers (as reviewers never receive them). Progress counts files.
 */
export const attachmentsExport: ExportProducer = {
  kind: "attachments",
  contentType: () => "application/zip",
  async run(ctx) {
    const { db, program, signal, storage } = ctx;
    const total = await countCandidateFiles(db, program.id);
    await ctx.progress(0, total);
    const forms = new ExportForms(db, ctx.params.includeAnonymized);
    const folders = new UniqueNames();
    const missing = new MissingFiles();
    const zip = new ZipWriter(ctx.output, signal);
    let processed = 0;
    const onFile = async () => {
      processed += 1;
      await ctx.progress(processed, total);
    };
    try {
      const candidates = eachCandidate(candidateBatches(db, program.id, { withAnswers: false, signal }));
      for await (const submission of candidates) {
        // Claimed for every candidate, files or not, so the folders match the PDF export's names.
        const folder = folders.claim(fileSlug(submission.identifier, EXPORT_SLUG_LENGTH));
        if (submission.files.length === 0) continue;
        await addAttachments(zip, storage, {
          folder,
          identifier: submission.identifier,
          files: submission.files,
          withheld: await forms.withheld(submission.formId, submission.formVersion),
          missing,
          onFile,
        });
      }
      await missing.addTo(zip);
      await zip.finish();
    } catch (error) {
      zip.abort();
      throw error;
    }
  },
};
