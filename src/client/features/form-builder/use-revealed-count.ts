import { startTransition, useEffect, useState } from "react";

/** Sections on screen at the first paint; the rest follow a slice at a time. */
export const FIRST_SECTIONS = 3;
export const SECTIONS_PER_SLICE = 4;

/**
 * How many sections to render: a few at once, then more slice by slice as transitions, so a 40-section
 * form paints at once and typing is never held up by the sections still being added below.
 */
export function useRevealedCount(total: number): number {
  const [count, setCount] = useState(FIRST_SECTIONS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + SECTIONS_PER_SLICE)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}
