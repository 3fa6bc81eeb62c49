// Mantine's base styles only: each component's own come with it, in the chunk that uses it
// (vite.config.ts; docs/decisions/033-compressed-assets-and-route-css.md).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./app/query-client";
import { preloadPageAt, routeNeedsSession } from "./app/router";
import { containerForApp, RevealFirstScreenAfterFirstCommit } from "./first-paint/first-screen";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

const queryClient = createQueryClient();

function render(root: HTMLElement) {
  // The first screen in the page's HTML stays until React has the page's own (first-paint/first-screen.ts).
  const reactRoot = createRoot(containerForApp(root));
  // As a transition, React renders the first page in slices, yielding to the browser between them, rather
  // than in one long task: the first screen is on display meanwhile (docs/decisions/049-first-render-in-slices.md).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RevealFirstScreenAfterFirstCommit />
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

/**
 * The longest the first render waits for a guarded page's data (below): past it, the page renders and shows
 * its own loader until the data comes, as it would without the wait.
 */
const FIRST_READS_WAIT_MS = 2_000;

// A guarded page's session, profile, current program and first reads are asked for while its code loads; the
// module is in the chunks the page's HTML names already (docs/decisions/048-signed-in-data-before-render.md).
// Should it fail to load, the page's own hooks ask for the same when it renders.
const signedInData = routeNeedsSession(window.location.pathname)
  ? import("./app/signed-in-prefetch")
      .then(({ prefetchSignedInData }) => prefetchSignedInData(queryClient, window.location))
      .catch(() => undefined)
  : undefined;

// React's first render waits for the page's code, and for its data up to FIRST_READS_WAIT_MS: it then draws the
// page whole, in slices. Rendered before its data, the page drew a loader first, and then, when the data came,
// the whole page in one long task (an update from the query cache is not sliced;
// docs/decisions/050-signed-in-reads-in-the-page.md). The first screen in the HTML is on display meanwhile.
// A chunk that fails to load is asked for again when the page renders, and its error shown there.
void Promise.all([
  preloadPageAt(window.location.pathname).catch(() => undefined),
  signedInData && Promise.race([signedInData, new Promise((done) => setTimeout(done, FIRST_READS_WAIT_MS))]),
]).then(() => render(container));
