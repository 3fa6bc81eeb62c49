import type { Worker } from "node:worker_threads";
import type { SubmissionPdfInput } from "../../submissions/pdf";
import { startWorkerEntry } from "../../worker-entry";

/**
 * The PDF export renders in a worker thread of its own, started for the export and ended with it.
 * Why (issue 9, docs/decisions/018-server-memory.md): rendering a thousand PDFs with pdf-lib grew the
 * server's own V8 heap by 70–90 MB, which V8 then kept (the server's RSS stayed that much higher after
 * the export); a worker's heap goes back to the system when the worker ends. The worker's heap is not
 * bounded with `resourceLimits`: with a small old generation V8 collects so often that rendering took
 * half as long again.
 */

export interface PdfRequest {
  id: number;
  input: SubmissionPdfInput;
}
export type PdfResponse = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** The worker (pdf-worker.ts; bundled: dist/server/pdf-worker.mjs, see worker-entry.ts). */
const startWorker = (): Worker => startWorkerEntry(import.meta.url, "pdf-worker");

interface Pending {
  resolve(pdf: Uint8Array): void;
  reject(error: Error): void;
}

/** Renders submission PDFs in its worker thread (started on the first render), several in flight. */
export class PdfRenderer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Why nothing more can be rendered: the worker failed or exited, or the renderer was closed. */
  private stopped: Error | null = null;

  render(input: SubmissionPdfInput): Promise<Uint8Array> {
    if (this.stopped) return Promise.reject(this.stopped);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, input } satisfies PdfRequest);
    });
  }

  /** Ends the worker (its heap with it); renders still in flight fail. */
  async close(): Promise<void> {
    this.stop(new Error("The PDF renderer is closed."));
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = startWorker();
    worker.on("message", (response: PdfResponse) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      this.pending.delete(response.id);
      if ("pdf" in response) pending.resolve(response.pdf);
      else pending.reject(new Error(response.error));
    });
    // A crash: every render waiting fails, and so does the export.
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", (code) => this.stop(new Error(`The PDF renderer stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const { reject } of this.pending.values()) reject(this.stopped);
    this.pending.clear();
  }
}
