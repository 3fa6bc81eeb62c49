import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm start` as a user runs it: scripts/start.mjs builds the server bundle when its sources are newer
 * (the test run's sources always are, or it is missing) and runs it with plain Node. The rest of the
 * suite runs the server from its TypeScript sources, so this is where the bundle proves itself: it
 * starts, migrates and seeds a new database, serves the SPA and the API, and loads what it keeps
 * outside the bundle (PGlite; pdf-lib and the fonts for a PDF) from node_modules.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const PASSWORD = "npm-start-password";
let child: ChildProcess;
let dataDir: string;
let base: string;
let output = "";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitHealthy(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not healthy in time:\n${output}`);
}

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "decisionhub-npm-start-"));
  base = `http://localhost:${port}`;
  child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitHealthy(base, Date.now() + 150_000);
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(email: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id };
}

describe("npm start (the bundled server)", () => {
  it("prints where it runs and the demo accounts", () => {
    expect(output).toContain(`DecisionHub is running at ${base} on pglite.`);
    expect(output).toContain(`Demo accounts (password: ${PASSWORD}):`);
  });

  it("serves the web client", async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>DecisionHub</title>");
  });

  it("signs the demo applicant in and renders their application as a PDF (pdf-lib and fonts from node_modules)", async () => {
    const { cookie, userId } = await signIn("applicant@demo.test");
    const list = await fetch(`${base}/api/submissions/applicant/${userId}`, {
      headers: { cookie, origin: base },
    });
    expect(list.status).toBe(200);
    const text = await list.text();
    const id = /"(?:_id|id)":"([0-9a-f-]{36})"/.exec(text)?.[1];
    expect(id, text).toBeDefined();
    const pdf = await fetch(`${base}/api/submissions/${id}/pdf`, { headers: { cookie, origin: base } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });
});
