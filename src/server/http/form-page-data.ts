import { addressSlugSchema } from "../../shared/forms/address";
import { FORM_PAGE_DATA_ID, type FormPageData } from "../../shared/schemas/submissions";
import type { Tx } from "../db/client";
import { addressView, formLinkView } from "../submissions/service";
import { acceptedLanguage } from "./accepted-language";
import type { PageAdditions } from "./client-files";
import type { AppContext } from "./context";
import { fillFormFirstScreen, formFirstScreenTemplates } from "./form-first-screen";

/**
 * What the server already knows for an applicant's page, put in the HTML it sends for it, so that the page
 * shows the form's start without a chain of requests first (docs/decisions/044-form-data-in-its-page.md):
 * - `/form/{linkId}`, `/form/{linkId}/{submissionId}` and `/apply/{organization}/{form}`: a preload of the
 *   session's answer (`/api/auth/get-session`), which every one of those pages reads first, so the browser
 *   asks for it beside the scripts rather than once they have run;
 * - `/form/{linkId}`: the applicant link as `GET /api/forms/link/{linkId}` answers it to anyone (its form's
 *   published version while it is open, the organization's public name and contact when closed);
 * - `/apply/{organization}/{form}`: the address as `GET /api/forms/address/…` answers it, and its link.
 * Only what those public routes answer without a session: never a draft, an answer, a token or anything of
 * the visitor. A preview link (the draft of a form, shown to whoever holds that link) is left to its request,
 * as are an unknown link or address (the page asks, and shows what it shows today).
 */

/** The session's answer, preloaded as the page's own `fetch` will ask for it (same URL, mode and credentials). */
const SESSION_PRELOAD = '<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">';

/** JSON safe inside a `<script>` element: no `<` (nor `</script>` or `<!--`), `>`, `&` or line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Null when the thing is not there (unknown link, malformed address) or cannot be read now (the database
 * unreachable): the page is sent without it and asks, as it did before, so its HTML never fails for it.
 */
async function orNothing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/** The public data of the applicant page at `pagePath`, or null for any other path. */
export async function formPageData(db: Tx, pagePath: string): Promise<FormPageData | null> {
  const segments = pagePath.split("/").filter(Boolean);
  if (segments[0] === "form" && segments.length === 2) {
    const linkId = segments[1]!;
    const view = await orNothing(() => formLinkView(db, linkId));
    return view?.kind === "submission" ? { link: { linkId, view } } : {};
  }
  if (segments[0] === "apply" && segments.length === 3) {
    const [organization, form] = [segments[1]!, segments[2]!];
    if (!addressSlugSchema.safeParse(organization).success || !addressSlugSchema.safeParse(form).success)
      return {};
    const address = await orNothing(() => addressView(db, organization, form));
    if (address === null) return {};
    const view = address.linkId === null ? null : await orNothing(() => formLinkView(db, address.linkId!));
    return {
      address: { organization, form, result: address },
      ...(view?.kind === "submission" ? { link: { linkId: address.linkId!, view } } : {}),
    };
  }
  return null;
}

/** True for the applicant pages that read the session first (their HTML preloads it). */
function readsSessionFirst(pagePath: string): boolean {
  const segments = pagePath.split("/").filter(Boolean);
  return (
    (segments[0] === "form" && (segments.length === 2 || segments.length === 3)) ||
    (segments[0] === "apply" && segments.length === 3)
  );
}

/**
 * The page's additions to its HTML (client-files.ts): for the applicant pages, the session's preload in the
 * head and the public data as a JSON data block (`type="application/json"`: never run, so our
 * Content-Security-Policy, which allows no inline script, is untouched). Null for every other page.
 */
export async function formPageExtras(
  c: AppContext,
  pagePath: string,
  distDir: string,
): Promise<PageAdditions | null> {
  if (!readsSessionFirst(pagePath)) return null;
  const db = c.get("deps").db;
  const data = await formPageData(db, pagePath);
  const body =
    data === null || Object.keys(data).length === 0
      ? ""
      : `<script type="application/json" id="${FORM_PAGE_DATA_ID}">${jsonForScript(data)}</script>`;
  const root = await firstScreen(c, db, pagePath, data, distDir);
  return { head: SESSION_PRELOAD, body, ...(root === null ? {} : { root }) };
}

const readTemplates = formFirstScreenTemplates();

/**
 * The page's first screen: the form's name, from the link's open form, which anyone holding the link may read
 * (the draft itself is never read for it), on a guest's draft (`/form/{linkId}/{submissionId}`) and on the
 * link's own page (`/form/{linkId}`, which has read the link for its data already). Not for a visitor carrying
 * a session cookie: a signed-in applicant's page starts with their way back to their applications, which the
 * templates do not have. Null when the link is not open (the page shows the closed form) or anything cannot be
 * read: the page then shows what it did before.
 */
async function firstScreen(
  c: AppContext,
  db: Tx,
  pagePath: string,
  data: FormPageData | null,
  distDir: string,
): Promise<string | null> {
  const segments = pagePath.split("/").filter(Boolean);
  if (segments[0] !== "form" || (segments.length !== 2 && segments.length !== 3)) return null;
  if (c.req.header("cookie")?.includes("session_token")) return null;
  const templates = await orNothing(() => readTemplates(distDir));
  if (!templates) return null;
  const view =
    segments.length === 2 ? data?.link?.view : await orNothing(() => formLinkView(db, segments[1]!));
  if (view?.kind !== "submission" || view.availability !== "open" || !view.form) return null;
  const page = segments.length === 2 ? "start" : "draft";
  return fillFormFirstScreen(templates, page, view.form, acceptedLanguage(c.req.header("accept-language")));
}
