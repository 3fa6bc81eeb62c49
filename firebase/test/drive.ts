/**
 * What `npm run test:firebase` (firebase/test/run.ts) runs inside `firebase emulators:exec`: a browser's
 * requests through the Hosting emulator's port, to the SPA and to the `api` function behind its
 * rewrite, the task functions and the scheduled one. Prints each check and the figures; exits 1 when a
 * check failed. Its environment comes from run.ts (FIREBASE_TEST_*, and the function's own variables).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import Stripe from "stripe";
import { openApplicant } from "../../bench/autosave/applicants";
import { httpClient } from "../../bench/lib/http-client";
import { correctedAnswers } from "../../scripts/soak/applicants";
import { createApp } from "../../src/server/app";
import { totpCode } from "../../src/server/auth/test/totp";
import { openDatabase } from "../../src/server/db/client";
import { emailOutbox } from "../../src/server/db/schema";
import { enqueueEmail } from "../../src/server/email/outbox";
import { createDeps } from "../../src/server/server";
import type { FormResult } from "../../src/shared/schemas/forms";
import type { FormLinkResult } from "../../src/shared/schemas/submissions";
import type { UserProgram } from "../../src/shared/schemas/users";
import { loadFunctionConfig } from "../config";
import { cookieHeaderOf, readJar, SESSION_COOKIE } from "../session-cookie";

const env = process.env;
const HOSTING = env.FIREBASE_TEST_HOSTING_URL!;
const FUNCTIONS = env.FIREBASE_TEST_FUNCTIONS_URL!;
const RESULTS = env.FIREBASE_TEST_RESULTS!;
const DEMO_PASSWORD = env.FIREBASE_TEST_DEMO_PASSWORD!;
const spawnedAt = Number(env.FIREBASE_TEST_SPAWNED_AT);
const ORIGIN = HOSTING;

const figures: Record<string, number | string> = {
  "emulators ready (spawn to first command), ms": Math.round(Date.now() - spawnedAt),
};
const failures: string[] = [];

async function check(name: string, run: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await run();
    console.log(`  ok    ${name} (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    failures.push(name);
    console.log(`  FAIL  ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function expectThat(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

/** A browser behind Hosting: it keeps the cookies the answers set (Hosting forwards `__session` alone). */
class Browser {
  cookies = new Map<string, string>();
  async fetch(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", ORIGIN);
    // What Hosting's CDN adds in production (TRUST_PROXY=firebase reads it); the emulator does not.
    headers.set("fastly-client-ip", "127.0.0.1");
    const cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
    if (cookie) headers.set("cookie", cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${HOSTING}${pathname}`, { ...init, headers, body, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      expectThat(name === SESSION_COOKIE, `${pathname} set a cookie other than __session: ${name}`);
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  async json<T>(pathname: string, init: RequestInit & { json?: unknown } = {}, status = 200): Promise<T> {
    const res = await this.fetch(pathname, init);
    const text = await res.text();
    expectThat(
      res.status === status,
      `${init.method ?? "GET"} ${pathname}: ${res.status} ${text.slice(0, 300)}`,
    );
    return (text ? JSON.parse(text) : null) as T;
  }
  async signIn(email: string): Promise<string> {
    const body = await this.json<{ user: { id: string } }>("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: DEMO_PASSWORD },
    });
    expectThat(this.cookies.has(SESSION_COOKIE), `no __session after signing in ${email}`);
    return body.user.id;
  }
}

/** One row of a query on the test's database (ids the demo created). */
async function selectOne(query: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(query);
    expectThat(rows[0], `nothing for ${query}`);
    return rows[0] as Record<string, unknown>;
  } finally {
    await client.end();
  }
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The resident memory of the emulator's worker running `target` (a function instance), in MB. */
function workerRssMb(target: string): number | null {
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (!environ.includes(`FUNCTION_TARGET=${target}`)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      if (rss) return Math.round(Number(rss) / 1024);
    } catch {
      // A process that ended, or one of another user.
    }
  }
  return null;
}

const reviewer = new Browser();
const admin = new Browser();
let programId = "";

await check("the first request through Hosting reaches the api function (cold start)", async () => {
  const started = performance.now();
  const res = await fetch(`${HOSTING}/api/health`);
  figures["first API request through Hosting (cold instance), ms"] = Math.round(performance.now() - started);
  expectThat(res.status === 200, `health: ${res.status} ${await res.text()}`);
  expectThat(
    res.headers.get("cache-control") === "no-store",
    `API Cache-Control ${res.headers.get("cache-control")}`,
  );
});

await check(
  "Hosting serves the SPA, a deep link falls back to index.html, hashed assets cache for a year",
  async () => {
    const index = await fetch(`${HOSTING}/`);
    const html = await index.text();
    expectThat(index.status === 200 && html.includes('id="root"'), `/: ${index.status}`);
    expectThat(
      index.headers.get("cache-control") === "no-cache",
      `/ Cache-Control ${index.headers.get("cache-control")}`,
    );
    expectThat(
      index.headers.get("content-security-policy")?.includes("frame-ancestors 'none'"),
      "no CSP on the SPA",
    );
    const deep = await fetch(`${HOSTING}/admin/allcandidates`);
    expectThat(deep.status === 200 && (await deep.text()) === html, `deep link: ${deep.status}`);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expectThat(asset, "no script in index.html");
    const script = await fetch(`${HOSTING}${asset}`);
    expectThat(script.status === 200, `${asset}: ${script.status}`);
    expectThat(
      script.headers.get("cache-control") === "public, max-age=31536000, immutable",
      `${asset} Cache-Control ${script.headers.get("cache-control")}`,
    );
  },
);

await check("sign-in and signed-in calls work with only __session forwarded", async () => {
  const userId = await reviewer.signIn("reviewer@demo.test");
  const { programs } = await reviewer.json<{ programs: UserProgram[] }>(`/api/users/${userId}/programs`);
  programId = programs.find((p) => !p.archived)?.id ?? "";
  expectThat(programId, "the reviewer has no program");
  // The session cookie itself, sent under its own name as a browser would without the jar: not forwarded.
  const raw = cookieHeaderOf(readJar(`${SESSION_COOKIE}=${reviewer.cookies.get(SESSION_COOKIE)}`));
  const bare = await fetch(`${HOSTING}/api/users/${userId}/programs`, { headers: { cookie: raw ?? "" } });
  expectThat(bare.status === 401, `a bare better-auth cookie answered ${bare.status}`);
});

await check("a reviewer's candidate list", async () => {
  const page = await reviewer.json<{ total: number; candidates?: unknown[] }>(
    `/api/applications?programId=${programId}`,
  );
  expectThat(page.total >= 3, `the reviewer sees ${page.total} candidates`);
});

await check("warm requests through Hosting (50 signed-in calls, one after another)", async () => {
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    const res = await reviewer.fetch(`/api/applications?programId=${programId}`);
    await res.arrayBuffer();
    expectThat(res.status === 200, `call ${i}: ${res.status}`);
    times.push(performance.now() - started);
  }
  figures["warm signed-in candidate list through Hosting, p50 ms"] = Math.round(p50(times));
  figures["warm signed-in candidate list through Hosting, max ms"] = Math.round(Math.max(...times));
});

let demoForm: NonNullable<FormLinkResult["form"]> | null = null;
let linkId = "";
await check(
  "an applicant opens the demo form, saves, uploads a PDF through the bucket's signed POST, submits",
  async () => {
    await admin.signIn("admin@demo.test");
    const { form } = await admin.json<FormResult>(`/api/forms/program/${programId}`);
    linkId = form.submissionLinks.at(-1)?._id ?? "";
    const opened = await admin.json<FormLinkResult>(`/api/forms/link/${linkId}`);
    expectThat(opened.form, `the demo link is ${opened.availability}`);
    demoForm = opened.form;
    const client = httpClient(HOSTING);
    try {
      const { applicant } = await openApplicant(client, ORIGIN, demoForm, linkId, 1);
      const answers = correctedAnswers(demoForm, applicant.answers, 1);
      const headers = { ...applicant.headers, "content-type": "application/json" };
      const saved = await fetch(`${HOSTING}${applicant.path}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ revision: 0, answers }),
      });
      expectThat(saved.status === 200, `save: ${saved.status} ${await saved.clone().text()}`);
      const { revision } = (await saved.json()) as { revision: number };

      const question = demoForm.sections.flatMap((s) => s.questions).find((q) => q.type === "FILE_UPLOAD");
      expectThat(question, "the demo form has no upload question");
      const pdf = Buffer.from(
        "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      );
      const query = new URLSearchParams({
        submissionId: applicant.submissionId,
        questionId: question._id,
        filename: "budget.pdf",
        size: String(pdf.byteLength),
      });
      const grantRes = await fetch(`${HOSTING}/api/files/signedUrl/private/putObject?${query}`, { headers });
      const grant = (await grantRes.json()) as {
        uploadUrl: string;
        fields?: Record<string, string>;
        completeUrl?: string;
      };
      expectThat(grant.fields && grant.completeUrl, `not a bucket upload: ${JSON.stringify(grant)}`);
      const form = new FormData();
      for (const [field, value] of Object.entries(grant.fields)) form.append(field, value);
      form.append("file", new Blob([pdf], { type: "application/pdf" }), "budget.pdf");
      const posted = await fetch(grant.uploadUrl, { method: "POST", body: form });
      expectThat(posted.status < 300, `the bucket refused the upload: ${posted.status}`);
      const completed = await fetch(`${HOSTING}${grant.completeUrl}`, { method: "POST", headers });
      expectThat(completed.status === 200, `complete: ${completed.status} ${await completed.text()}`);

      const submitted = await fetch(`${HOSTING}/api/submissions/submissionDate/${applicant.submissionId}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ submitted: true, revision }),
      });
      expectThat(submitted.status === 200, `submit: ${submitted.status} ${await submitted.text()}`);
    } finally {
      client.close();
    }
  },
);

await check("a forged Stripe webhook is refused; a signed one is applied once", async () => {
  const organizationId = (await selectOne("select id from organizations where name = 'Demo Foundation'")).id;
  const planId = (await selectOne("select id from plans where name = 'Foundation'")).id;
  const payload = JSON.stringify({
    id: "evt_firebase_emulator",
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: "cs_test_firebase",
        object: "checkout.session",
        payment_status: "paid",
        subscription: "sub_firebase",
        customer: "cus_firebase",
        metadata: { organizationId, planId },
      },
    },
  });
  const deliver = (signature: string) =>
    fetch(`${HOSTING}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
  const signer = new Stripe("sk_test_signer_only");
  const forged = await deliver(
    signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" }),
  );
  expectThat(forged.status === 400, `forged: ${forged.status}`);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: env.STRIPE_WEBHOOK_SECRET! });
  const first = await deliver(signature);
  const firstBody = await first.text();
  expectThat(first.status === 200 && firstBody.includes('"applied"'), `signed: ${first.status} ${firstBody}`);
  const again = await deliver(signature);
  const againBody = await again.text();
  expectThat(againBody.includes('"duplicate"'), `replayed: ${again.status} ${againBody}`);
  const organization = await selectOne(`select plan_id from organizations where id = '${organizationId}'`);
  expectThat(organization.plan_id === planId, "the plan did not change");
});

await check(
  "an export is enqueued, run by the runExports task function and downloaded from the bucket",
  async () => {
    const job = await admin.json<{ _id: string }>(
      "/api/exports",
      { method: "POST", json: { programId, kind: "data", format: "csv" } },
      202,
    );
    const started = performance.now();
    let ready: { status: string; downloadUrl: string | null } | null = null;
    while (performance.now() - started < 60_000) {
      const seen = await admin.json<{ status: string; downloadUrl: string | null }>(
        `/api/exports/${job._id}`,
      );
      if (seen.status === "ready" || seen.status === "failed") {
        ready = seen;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    figures["export queued to ready (task function), ms"] = Math.round(performance.now() - started);
    expectThat(ready?.status === "ready" && ready.downloadUrl, `export: ${JSON.stringify(ready)}`);
    const link = await admin.fetch(
      new URL(ready.downloadUrl, HOSTING).pathname + new URL(ready.downloadUrl, HOSTING).search,
    );
    expectThat(link.status === 302, `download link: ${link.status}`);
    const file = await fetch(link.headers.get("location")!);
    const csv = await file.text();
    expectThat(file.status === 200 && csv.length > 0, `bucket download: ${file.status}`);
  },
);

await check("the scheduled function, triggered by hand, sends the outbox", async () => {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL!, poolSize: 1 });
  try {
    const id = await enqueueEmail(database.db, {
      kind: "firebase-test",
      to: ["someone@example.org"],
      subject: "Queued with no task",
      text: "t",
      html: "<p>t</p>",
    });
    // Functions the emulator cannot schedule (no Pub/Sub emulator) are still registered as "-0".
    const res = await fetch(`${FUNCTIONS}/scheduledTick-0`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expectThat(res.status === 200, `tick: ${res.status} ${await res.text()}`);
    const { eq } = await import("drizzle-orm");
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expectThat(row?.status === "sent", `the message is ${row?.status}`);
  } finally {
    await database.close();
  }
});

await check("a request that queues mail (a reset link) has the sendMail task function send it", async () => {
  const requested = await fetch(`${HOSTING}/api/users/password-reset`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json", "fastly-client-ip": "127.0.0.1" },
    body: JSON.stringify({ email: "applicant@demo.test" }),
  });
  expectThat(requested.status === 200, `reset: ${requested.status} ${await requested.text()}`);
  const started = performance.now();
  let status: unknown = null;
  while (performance.now() - started < 30_000) {
    status = (
      await selectOne(
        "select coalesce((select status from email_outbox where kind = 'password-reset' order by created_at desc limit 1), 'none') as status",
      )
    ).status;
    if (status === "sent") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  figures["reset email queued to sent (task function), ms"] = Math.round(performance.now() - started);
  expectThat(status === "sent", `the reset email is ${String(status)}`);
});

await check("two-factor sign-in and sign-out with only __session forwarded", async () => {
  const owner = new Browser();
  const userId = await owner.signIn("orgadmin@demo.test");
  const enabled = await owner.json<{ totpURI: string }>("/api/auth/two-factor/enable", {
    method: "POST",
    json: { password: DEMO_PASSWORD },
  });
  await owner.json("/api/auth/two-factor/verify-totp", {
    method: "POST",
    json: { code: totpCode(enabled.totpURI) },
  });
  await owner.json("/api/auth/sign-out", { method: "POST", json: {} });
  expectThat(!owner.cookies.has(SESSION_COOKIE), "__session kept after sign-out");

  const password = await owner.json<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", {
    method: "POST",
    json: { email: "orgadmin@demo.test", password: DEMO_PASSWORD },
  });
  expectThat(password.twoFactorRedirect, "no second step asked");
  const pending = Object.keys(readJar(`${SESSION_COOKIE}=${owner.cookies.get(SESSION_COOKIE)}`));
  expectThat(pending.join() === "better-auth.two_factor", `__session holds ${pending.join()}`);
  const waiting = await owner.fetch(`/api/users/${userId}/programs`);
  expectThat(waiting.status === 401, `signed in before the code: ${waiting.status}`);
  // The next step's code: enrolment spent the current one.
  await owner.json("/api/auth/two-factor/verify-totp", {
    method: "POST",
    json: { code: totpCode(enabled.totpURI, Date.now(), 1) },
  });
  const programs = await owner.fetch(`/api/users/${userId}/programs`);
  expectThat(programs.status === 200, `after the code: ${programs.status}`);
  await owner.json("/api/auth/sign-out", { method: "POST", json: {} });
  const after = await owner.fetch(`/api/users/${userId}/programs`);
  expectThat(after.status === 401, `after sign-out: ${after.status}`);
});

await check("bad input through the function gets the Node server's own 400s", async () => {
  // The Node server's app on the same database and configuration, called in process.
  const config = loadFunctionConfig(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL!, poolSize: 2 });
  const deps = await createDeps(config, database);
  const app = createApp(deps, { serveClient: false });
  const cookie = cookieHeaderOf(readJar(`${SESSION_COOKIE}=${admin.cookies.get(SESSION_COOKIE)}`)) ?? "";
  // `statusOnly`: malformed JSON is refused (400) by the Functions runtime's own body parser before the
  // app reads it, with the runtime's page instead of the app's JSON error (docs/deploy/firebase.md).
  const cases: { path: string; method: string; body: string; signedIn?: boolean; statusOnly?: boolean }[] = [
    { path: "/api/auth/sign-in/email", method: "POST", body: "{", statusOnly: true },
    { path: "/api/submissions", method: "POST", body: "[1,", statusOnly: true },
    { path: "/api/submissions", method: "POST", body: JSON.stringify({ linkId: 5 }) },
    {
      path: "/api/users/password-reset",
      method: "POST",
      body: JSON.stringify({ email: "a\u0000b@example.org" }),
    },
    {
      path: "/api/exports",
      method: "POST",
      body: JSON.stringify({ programId, kind: "nope" }),
      signedIn: true,
    },
    { path: `/api/applications?programId=`, method: "GET", body: "", signedIn: true },
  ];
  try {
    for (const c of cases) {
      const init = (withCookie: string | null) => ({
        method: c.method,
        headers: {
          origin: ORIGIN,
          "content-type": "application/json",
          ...(withCookie ? { cookie: withCookie } : {}),
        },
        ...(c.method === "GET" ? {} : { body: c.body }),
      });
      const viaHosting = c.signedIn
        ? await admin.fetch(c.path, init(null))
        : await fetch(`${HOSTING}${c.path}`, init(null));
      const inProcess = await app.request(c.path, init(c.signedIn ? cookie : null));
      const [a, b] = [await viaHosting.text(), await inProcess.text()];
      expectThat(
        viaHosting.status === 400,
        `${c.method} ${c.path} through Hosting: ${viaHosting.status} ${a}`,
      );
      expectThat(
        inProcess.status === 400,
        `${c.method} ${c.path} on the Node server: ${inProcess.status} ${b}`,
      );
      expectThat(c.statusOnly || a === b, `${c.method} ${c.path}: ${a} ≠ ${b}`);
    }
  } finally {
    await deps.database.close();
  }
});

figures["api function instance memory (RSS of its emulator worker), MB"] = workerRssMb("api") ?? "not found";
figures["runExports function instance memory (RSS), MB"] = workerRssMb("runExports") ?? "not found";

console.log("\nFigures:");
for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
writeFileSync(RESULTS, `${JSON.stringify({ failures, figures }, null, 2)}\n`);
console.log(
  failures.length === 0
    ? "\nAll Firebase checks passed."
    : `\n${failures.length} check(s) failed: ${failures.join("; ")}`,
);
console.log(path.relative(process.cwd(), RESULTS));
process.exit(failures.length === 0 ? 0 : 1);
