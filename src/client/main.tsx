// Mantine's base styles only: each component's own come with it, in the chunk that uses it
// (vite.config.ts; docs/decisions/033-compressed-assets-and-route-css.md).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPageAt } from "./app/router";
import { containerForApp, RevealFirstScreenAfterFirstCommit } from "./first-paint/first-screen";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

function render(root: HTMLElement) {
  // The first screen in the page's HTML stays until React has the page's own (first-paint/first-screen.ts).
  createRoot(containerForApp(root)).render(
    <StrictMode>
      <RevealFirstScreenAfterFirstCommit />
      <App />
    </StrictMode>,
  );
}

// A chunk that fails to load is asked for again when the page renders, and its error shown there.
void preloadPageAt(window.location.pathname)
  .catch(() => undefined)
  .then(() => render(container));
