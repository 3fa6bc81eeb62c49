import type { FileStorage } from "../../files/storage";
import { safeSegment, UniqueNames } from "./entry-names";
import type { ExportFile } from "./submissions";
import type { ZipWriter } from "./zip-writer";

/**
 * Applicants' files copied into a zip (the attachment export, a candidate's dossier): streamed from
 * storage chunk by chunk, stored as they are (they are mostly PDFs and images, compressed already, and
 * deflating gigabytes would cost most of the time allowance for little), under the name the applicant
 * gave — made a safe, unique name inside the folder. A file the database lists but storage has lost
 * does not fail the export: it is left out and named in MISSING-FILES.txt.
 */

export const MISSING_FILES_ENTRY = "MISSING-FILES.txt";

/** The files left out because storage did not have them, for MISSING-FILES.txt. */
export class MissingFiles {
  private readonly lines: string[] = [];

  add(path: string, identifier: string): void {
    this.lines.push(`${path} (${identifier || "no identifier"})`);
  }

  get count(): number {
    return this.lines.length;
  }

  /** Adds MISSING-FILES.txt at the zip's top when a file was missing; nothing otherwise. */
  async addTo(zip: ZipWriter): Promise<void> {
    if (this.lines.length === 0) return;
    const text = [
      "These files are listed in the applications but were not found in storage, so they are not in this zip:",
      "",
      ...this.lines,
      "",
    ].join("\n");
    await zip.addFile(MISSING_FILES_ENTRY, text, { compress: true });
  }
}

export interface AttachmentFolder {
  /** The folder inside the zip ("harbour-food-bank", "attachments"). */
  folder: string;
  /** The candidate's identifier, for MISSING-FILES.txt. */
  identifier: string;
  files: readonly ExportFile[];
  /** Questions whose files stay out (anonymized ones, unless the admin asked for them). */
  withheld: ReadonlySet<string>;
  missing: MissingFiles;
  /** Called once per file of `files`, written or not: the export's progress counts files. */
  onFile(): Promise<void>;
}

/** Bytes read from storage at a time: most applicants' files in one read. */
const COPY_BUFFER_BYTES = 1024 * 1024;
/** One buffer per zip, which every file copied into it is read through. */
const copyBuffers = new WeakMap<ZipWriter, Uint8Array>();

function copyBufferOf(zip: ZipWriter): Uint8Array {
  let buffer = copyBuffers.get(zip);
  if (!buffer) {
    buffer = new Uint8Array(COPY_BUFFER_BYTES);
    copyBuffers.set(zip, buffer);
  }
  return buffer;
}

/** Copies one candidate's files into `folder/`. */
export async function addAttachments(zip: ZipWriter, storage: FileStorage, opts: AttachmentFolder) {
  const names = new UniqueNames();
  for (const file of opts.files) {
    if (!opts.withheld.has(file.questionId)) {
      const chunks = await storage.readInto("private", file.key, copyBufferOf(zip));
      const name = safeSegment(file.name);
      if (chunks === null) {
        opts.missing.add(`${opts.folder}/${name}`, opts.identifier);
      } else {
        try {
          await zip.addStream(`${opts.folder}/${names.claim(name)}`, chunks, {
            modified: file.createdAt,
            expectedSize: file.size,
            lentChunks: true,
          });
        } finally {
          // Already closed after a whole read; closes the file when the copy stopped part way.
          chunks.close();
        }
      }
    }
    await opts.onFile();
  }
}
