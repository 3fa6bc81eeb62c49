import { buildClient, clientBuildIsStale } from "./build-client";
import { loadConfig } from "./config";
import { DEMO_ACCOUNTS } from "./demo/seed";
import { startServer } from "./server";

/** `npm start`: build the SPA if needed, then serve API and SPA from one process. */
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
