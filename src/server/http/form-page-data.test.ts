import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_FIRST_SCREEN_FILE, FORM_FIRST_SCREEN_MARKERS } from "../../shared/first-screen";
import type { Answer } from "../../shared/forms/answers";
import { defaultFormContent } from "../../shared/forms/defaults";
import { FORM_PAGE_DATA_ID, type FormPageData } from "../../shared/schemas/submissions";
import { formLinks, forms, organizations } from "../db/schema";
import { buildOrg, buildProgram, buildPublishedForm } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { clientFiles, REVALIDATE } from "./client-files";
import type { AppEnv } from "./context";
import { formPageExtras, jsonForScript } from "./form-page-data";

/** A form name that would end the data block, open a comment or start a script if it were not escaped. */
const HOSTILE_NAME = "Arts </script><script>alert(1)</script> <!-- & \u2028 fund";
const SECRET_ANSWER = "my-very-private-answer-41";
const SESSION_PRELOAD = '<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">';

let t: TestApp;
let page: Hono<AppEnv>;
const dist = mkdtempSync(path.join(tmpdir(), "form-page-data-"));
const html =
  '<!doctype html><html><head><script type="module" src="/assets/index-A1.js"></script></head><body><div id="root"></div></body></html>';

let open: Awaited<ReturnType<typeof buildPublishedForm>>;
let closed: Awaited<ReturnType<typeof buildPublishedForm>>;
let other: Awaited<ReturnType<typeof buildPublishedForm>>;
let otherOrgName: string;
let address: { organization: string; form: string };
let draft: { submissionId: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, "index.html"), html);
  writeFileSync(
    path.join(dist, ".vite/route-preloads.json"),
    JSON.stringify([
      { path: "/form/:linkId", scripts: ["assets/applicant-form-F1.js"], styles: [] },
      { path: "/login", scripts: ["assets/login-L1.js"], styles: [] },
    ]),
  );
  // Templates of the form's first screen, one per language and variant, so a test sees which was filled in.
  const template = (variant: string) =>
    `<p data-first-screen="${variant}"><b style="background:#${FORM_FIRST_SCREEN_MARKERS.themeColour}"></b><span>${FORM_FIRST_SCREEN_MARKERS.name}</span> by ${FORM_FIRST_SCREEN_MARKERS.organization}</p>`;
  writeFileSync(
    path.join(dist, FORM_FIRST_SCREEN_FILE),
    JSON.stringify(
      Object.fromEntries(
        ["draft", "start"].map((kind) => [
          kind,
          {
            en: {
              plain: template(`${kind} en plain`),
              withLanguageChoice: template(`${kind} en with choice`),
            },
            fr: {
              plain: template(`${kind} fr plain`),
              withLanguageChoice: template(`${kind} fr with choice`),
            },
          },
        ]),
      ),
    ),
  );
  page = new Hono<AppEnv>();
  page.use("*", async (c, next) => {
    c.set("deps", t.deps);
    await next();
  });
  page.use("*", clientFiles(dist, formPageExtras));

  const org = await buildOrg(t.deps.db, { name: "Harbour Trust" });
  const program = await buildProgram(t.deps.db, org.id, { name: "Harbour Grants" });
  open = await buildPublishedForm(t.deps.db, program, defaultFormContent(HOSTILE_NAME));
  const closing = await buildProgram(t.deps.db, org.id, { name: "Closed Grants" });
  closed = await buildPublishedForm(t.deps.db, closing, defaultFormContent("Closed form"));
  await t.deps.db
    .update(formLinks)
    .set({ closeAt: new Date(Date.now() - 1000) })
    .where(eq(formLinks.id, closed.linkId));
  const otherOrg = await buildOrg(t.deps.db, { name: "Elsewhere Foundation" });
  otherOrgName = otherOrg.name;
  other = await buildPublishedForm(
    t.deps.db,
    await buildProgram(t.deps.db, otherOrg.id, { name: "Elsewhere Grants" }),
    defaultFormContent("Elsewhere form"),
  );

  const [form] = await t.deps.db.select({ slug: forms.slug }).from(forms).where(eq(forms.id, open.formId));
  const [organization] = await t.deps.db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, org.id));
  address = { organization: organization!.slug!, form: form!.slug! };

  // A guest's draft with an answer: none of it may reach a page's HTML.
  const opened = await t.request("/api/submissions", { method: "POST", body: { linkId: open.linkId } });
  draft = (await opened.json()) as { submissionId: string; token: string };
  const view = (await (await t.request(`/api/forms/link/${open.linkId}`)).json()) as {
    form: { sections: { _id: string; questions: { _id: string; type: Answer["type"] }[] }[] };
  };
  const section = view.form.sections[0]!;
  const question = section.questions[0]!;
  const saved = await t.request(`/api/submissions/${draft.submissionId}`, {
    method: "PATCH",
    headers: { "x-submission-token": draft.token },
    body: {
      revision: 0,
      answers: [
        {
          questionId: question._id,
          sectionId: section._id,
          type: question.type,
          answerString: SECRET_ANSWER,
          answerArray: [],
          answerMatrix: [],
        },
      ],
    },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function getPage(pagePath: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  const res = await page.request(pagePath, {
    headers: { ...headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const text =
    encoding === "br"
      ? brotliDecompressSync(bytes).toString()
      : encoding === "gzip"
        ? gunzipSync(bytes).toString()
        : bytes.toString();
  return { res, text };
}

/** The data block of a page's HTML, parsed; null when there is none. */
function dataOf(text: string): FormPageData | null {
  const match = new RegExp(`<script type="application/json" id="${FORM_PAGE_DATA_ID}">(.*?)</script>`).exec(
    text,
  );
  return match ? (JSON.parse(match[1]!) as FormPageData) : null;
}

const apiJson = async (apiPath: string) => (await t.request(apiPath)).json();

describe("an applicant page's HTML", () => {
  it("carries the open link as its public route answers it, escaped, in every encoding, never cached", async () => {
    const view = await apiJson(`/api/forms/link/${open.linkId}`);
    for (const encoding of [undefined, "gzip", "br, gzip"]) {
      const { res, text } = await getPage(`/form/${open.linkId}`, encoding);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(REVALIDATE);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      // Its first screen is in the browser's language (the form's first screen below).
      expect(res.headers.get("vary")).toBe("Accept-Encoding, Accept-Language");
      expect(dataOf(text)).toEqual({ link: { linkId: open.linkId, view } });
      // The route's chunks are still named, and the session's answer is asked for beside them.
      expect(text).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/applicant-form-F1.js">',
      );
      expect(text).toContain(`${SESSION_PRELOAD}<script type="module"`);
      // The name is in the data, but nothing in it can end the block or open markup.
      const block = text.slice(text.indexOf(FORM_PAGE_DATA_ID));
      expect(block.indexOf("</script>")).toBe(block.indexOf("}</script>") + 1);
      expect(text).not.toContain("<script>alert(1)");
      expect(text).not.toContain("<!--");
      expect(text).not.toContain("\u2028");
    }
  });

  it("writes JSON that cannot leave its script element", () => {
    const written = jsonForScript({ name: HOSTILE_NAME });
    expect(written).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(written)).toEqual({ name: HOSTILE_NAME });
  });

  it("never carries a draft, its answers or its token, on the link's page or the draft's", async () => {
    for (const pagePath of [`/form/${open.linkId}`, `/form/${open.linkId}/${draft.submissionId}`]) {
      const { res, text } = await getPage(pagePath);
      expect(res.status).toBe(200);
      expect(text).not.toContain(SECRET_ANSWER);
      expect(text).not.toContain(draft.token);
      expect(text).not.toContain(draft.submissionId);
      // Nor anything of another organization.
      expect(text).not.toContain(otherOrgName);
      expect(text).not.toContain(other.linkId);
    }
    // The draft's page: only the session's preload (the draft is read by its token, kept in the browser).
    const { text } = await getPage(`/form/${open.linkId}/${draft.submissionId}`);
    expect(dataOf(text)).toBeNull();
    expect(text).toContain(SESSION_PRELOAD);
  });

  it("carries a closed link as its route answers it: no form, the organization to contact", async () => {
    const { res, text } = await getPage(`/form/${closed.linkId}`);
    expect(res.status).toBe(200);
    const data = dataOf(text);
    expect(data).toEqual({
      link: { linkId: closed.linkId, view: await apiJson(`/api/forms/link/${closed.linkId}`) },
    });
    expect(data?.link?.view).toMatchObject({ availability: "closed", form: null });
  });

  it("carries nothing for an unknown link, a malformed one or a preview link: the page asks, as before", async () => {
    for (const linkId of [randomUUID(), "not-a-link", open.previewLinkId]) {
      const { res, text } = await getPage(`/form/${linkId}`);
      expect(res.status, linkId).toBe(200);
      expect(dataOf(text), linkId).toBeNull();
      expect(text, linkId).toContain('<div id="root"></div></body>');
    }
  });

  it("carries the stable address and its link; nothing for an address nobody holds", async () => {
    const { text } = await getPage(`/apply/${address.organization}/${address.form}`);
    expect(dataOf(text)).toEqual({
      address: {
        ...address,
        result: await apiJson(`/api/forms/address/${address.organization}/${address.form}`),
      },
      link: { linkId: open.linkId, view: await apiJson(`/api/forms/link/${open.linkId}`) },
    });
    for (const unknown of [`/apply/${address.organization}/nobody-holds-this`, "/apply/Not_A_Slug/x"]) {
      const answer = await getPage(unknown);
      expect(answer.res.status, unknown).toBe(200);
      expect(dataOf(answer.text), unknown).toBeNull();
    }
  });

  it("is sent without the link when the database cannot be read: the page asks, as before", async () => {
    const unreachable = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error("connection refused");
        },
      },
    );
    const failing = new Hono<AppEnv>();
    failing.use("*", async (c, next) => {
      c.set("deps", { ...t.deps, db: unreachable as typeof t.deps.db });
      await next();
    });
    failing.use("*", clientFiles(dist, formPageExtras));
    const res = await failing.request(`/form/${open.linkId}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(dataOf(text)).toBeNull();
    expect(text).toContain(SESSION_PRELOAD);
  });

  it("leaves every other page as it was built", async () => {
    const { text } = await getPage("/login");
    expect(text).toBe(
      html.replace(
        "</head>",
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/login-L1.js"></head>',
      ),
    );
    expect((await getPage("/applications")).text).toBe(html);
  });
});

describe("a guest's draft page: the form's first screen (docs/decisions/047-form-first-screen.md)", () => {
  /** What the page's root element holds. */
  const rootOf = (text: string) => /<div id="root">(.*?)<\/div>(?:<script|<\/body>)/s.exec(text)?.[1];
  const draftPage = () => `/form/${open.linkId}/${draft.submissionId}`;

  it("is the form's header with its name and organization as text, in every encoding", async () => {
    const [form] = await t.deps.db
      .select({ content: forms.content })
      .from(forms)
      .where(eq(forms.id, open.formId));
    const colour = (form!.content as { settings: { themeColour: string } }).settings.themeColour;
    for (const encoding of [undefined, "gzip", "br, gzip"]) {
      const { res, text } = await getPage(draftPage(), encoding);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(REVALIDATE);
      expect(rootOf(text)).toBe(
        `<p data-first-screen="draft en plain"><b style="background:#${colour}"></b>` +
          "<span>Arts &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; &#8232; fund</span> by Harbour Trust</p>",
      );
      // Still nothing of the draft, and still only the session's preload in the head.
      expect(text).not.toContain(SECRET_ANSWER);
      expect(text).not.toContain(draft.token);
      expect(dataOf(text)).toBeNull();
      expect(text).toContain(`${SESSION_PRELOAD}<script type="module"`);
    }
  });

  it("is in French for a browser that prefers French, as the page will open", async () => {
    const { text } = await getPage(draftPage(), undefined, { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" });
    expect(rootOf(text)).toMatch(/^<p data-first-screen="draft fr plain">/);
    const english = await getPage(draftPage(), undefined, { "accept-language": "en-GB,fr;q=0.5" });
    expect(rootOf(english.text)).toMatch(/^<p data-first-screen="draft en plain">/);
  });

  it("is the start card on the link's own page, beside the link's data", async () => {
    const { text } = await getPage(`/form/${open.linkId}`, "gzip");
    expect(rootOf(text)).toMatch(/^<p data-first-screen="start en plain">.*<span>Arts &lt;\/script&gt;/);
    expect(dataOf(text)?.link?.linkId).toBe(open.linkId);
  });

  it("is not drawn for a visitor with a session cookie, or a closed, unknown or preview link", async () => {
    for (const pagePath of [draftPage(), `/form/${open.linkId}`]) {
      const signedIn = await getPage(pagePath, undefined, { cookie: "better-auth.session_token=anything" });
      expect(rootOf(signedIn.text), pagePath).toBe("");
    }
    for (const pagePath of [
      `/form/${closed.linkId}/${draft.submissionId}`,
      `/form/${randomUUID()}/${draft.submissionId}`,
      `/form/${open.previewLinkId}/${draft.submissionId}`,
      `/form/${closed.linkId}`,
      `/form/${randomUUID()}`,
      `/form/${open.previewLinkId}`,
    ]) {
      const { res, text } = await getPage(pagePath);
      expect(res.status, pagePath).toBe(200);
      expect(rootOf(text), pagePath).toBe("");
    }
  });
});
