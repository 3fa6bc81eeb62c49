// `npm start`: build the server bundle when a source is newer than it, then run it (see server-bundle.mjs).
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { buildServerBundle, SERVER_BUNDLE, serverBundleIsStale } from "./server-bundle.mjs";

// V8 lets the old generation grow to about twice what survived the last full collection before it
// collects again, and keeps the pages it grew into: under load the server's RSS climbed by 100–300 MB of
// garbage it never gave back. Growing by at most half keeps it within ~60 MB of what it needs (decision
// 018). V8 reads this flag whenever it sets the next limit, so setting it here, before the server loads,
// is enough.
v8.setFlagsFromString("--heap-growing-percent=50");

if (serverBundleIsStale()) {
  console.log("Building the server (missing or older than its sources)…");
  await buildServerBundle();
}
await import(pathToFileURL(SERVER_BUNDLE).href);
