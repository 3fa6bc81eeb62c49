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

// A guarded page's session, profile, current program and first reads are asked for while its code loads; the
// module is in the chunks the page's HTML names already (docs/decisions/048-signed-in-data-before-render.md).
// Should it fail to load, the page's own hooks ask for the same when it renders.
if (routeNeedsSession(window.location.pathname)) {
  void import("./app/signed-in-prefetch")
    .then(({ prefetchSignedInData }) => prefetchSignedInData(queryClient, window.location))
    .catch(() => undefined);
}

// A chunk that fails to load is asked for again when the page renders, and its error shown there.
void preloadPageAt(window.location.pathname)
  .catch(() => undefined)
  .then(() => render(container));
