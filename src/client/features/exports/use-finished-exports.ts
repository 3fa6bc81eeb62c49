import { useEffect, useRef } from "react";
import type { ExportJob } from "../../../shared/schemas/exports";
import { newlyFinished } from "./export-rules";

/**
 * Calls `onFinished` with the exports that became ready or failed between two readings of the list while
 * the page is open. What had already finished when the page opened is no news.
 */
export function useFinishedExports(
  jobs: readonly ExportJob[] | undefined,
  onFinished: (finished: ExportJob[]) => void,
): void {
  const previous = useRef(jobs);
  const report = useRef(onFinished);
  report.current = onFinished;
  useEffect(() => {
    const finished = newlyFinished(previous.current, jobs);
    previous.current = jobs;
    if (finished.length > 0) report.current(finished);
  }, [jobs]);
}
