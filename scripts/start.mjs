// `npm start`: build the server bundle when a source is newer than it, then run it (see server-bundle.mjs).
import { pathToFileURL } from "node:url";
import { buildServerBundle, SERVER_BUNDLE, serverBundleIsStale } from "./server-bundle.mjs";

if (serverBundleIsStale()) {
  console.log("Building the server (missing or older than its sources)…");
  await buildServerBundle();
}
await import(pathToFileURL(SERVER_BUNDLE).href);
