import { type ReactNode, useLayoutEffect } from "react";

/*
 * The first screen a page's HTML carries (the sign-in card's top, a signed-in page's frame, the applicant
 * form's name: decisions 041, 042 and 047) stays on screen until React has something of the page's own to
 * show, instead of being replaced at React's first commit by the same placeholder, or by a loader, drawn again.
 *
 * Why: React's first commit came ~100 ms after the first paint, while the browser was still running the
 * page's scripts. On the sign-in page it swapped the static heading for a bare loader, then, ~300 ms later,
 * for the card: the heading blinked out and back. And Chromium reports a paint as the largest one only once
 * that frame is presented, which it had not yet done when the heading was removed: the page's largest paint
 * became React's heading, half a second later, in four loads of six (docs/decisions/046-first-screen-kept.md).
 *
 * How: React renders into a container of its own, hidden, beside the first screen. While a placeholder that
 * stands for the first screen is mounted (`HoldFirstScreen`), the first screen stays; after the commit that
 * leaves none, the first screen goes and React's container shows, before the browser paints that frame.
 */

let firstScreen: ChildNode[] = [];
let appContainer: HTMLElement | null = null;
let holds = 0;

/**
 * Where React renders: `root` itself when the HTML drew nothing in it, else a hidden container appended to it,
 * shown once the first screen goes.
 */
export function containerForApp(root: HTMLElement): HTMLElement {
  if (!root.hasChildNodes()) return root;
  firstScreen = [...root.childNodes];
  appContainer = document.createElement("div");
  appContainer.hidden = true;
  root.append(appContainer);
  return appContainer;
}

/** Shows React's container in place of the first screen, once no placeholder holds it (after the commit). */
export function revealAppWhenNothingHolds(): void {
  // A placeholder that leaves in the same commit as another arrives: the cleanup runs before the newcomer's
  // effect. The check waits for the end of the commit, which is before the browser paints.
  queueMicrotask(() => {
    if (holds > 0 || appContainer === null) return;
    for (const node of firstScreen) node.remove();
    firstScreen = [];
    appContainer.hidden = false;
    // The container adds no box of its own: the page lays out as if React rendered into the root.
    appContainer.style.display = "contents";
    appContainer = null;
  });
}

/** Keeps the first screen up while `children` (a placeholder of it, or a loader standing for it) is mounted. */
export function HoldFirstScreen({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    holds += 1;
    return () => {
      holds -= 1;
      revealAppWhenNothingHolds();
    };
  }, []);
  return children;
}

/** After React's first commit: reveals at once when the first commit held nothing. */
export function RevealFirstScreenAfterFirstCommit() {
  useLayoutEffect(() => revealAppWhenNothingHolds(), []);
  return null;
}
