/**
 * Our server for the front-end measurement: what `npm start` runs, without its building of a stale
 * client, because the measurement is of the build already in dist/client (`npm run build`).
 * Configured by the environment like `npm start`.
 */
import { loadConfig } from "../../src/server/config";
import { startServer } from "../../src/server/server";

const server = await startServer(loadConfig());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close().finally(() => process.exit(0));
  });
}
