import v8 from "node:v8";
import { buildClient, clientBuildIsStale } from "./build-client";
import { loadConfig } from "./config";
import { DEMO_ACCOUNTS } from "./demo/seed";
import { startServer } from "./server";

/** `npm start`: build the SPA if needed, then serve API and SPA from one process. */

// V8 lets the old generation grow to two to four times what survived the last full collection before it
// collects again, and keeps the pages it grew into: under load the server's RSS climbed by 100–300 MB of
// garbage it never gave back. Growing by at most half keeps it within ~60 MB of what it needs (decision
// 018). V8 reads this flag whenever it sets the next limit, so setting it as the server starts is enough.
v8.setFlagsFromString("--heap-growing-percent=50");
const config = loadConfig();
if (config.SERVE_CLIENT && clientBuildIsStale()) {
  console.log("Building the client (missing or older than its sources)…");
  buildClient();
}
const server = await startServer(config);
const lines = [`DecisionHub is running at ${server.url} on ${server.deps.database.kind}.`];
if (config.DEMO_DATA && config.NODE_ENV !== "production") {
  lines.push(`Demo accounts (password: ${config.DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(26)} ${a.what}`);
  lines.push(`Development mailbox: ${server.url}/dev/mailbox`);
}
console.log(lines.join("\n"));

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().finally(() => process.exit(0));
  });
}
