// Mantine's base styles only: each component's own come with it, in the chunk that uses it
// (vite.config.ts; docs/decisions/033-compressed-assets-and-route-css.md).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
