import { and, eq, sql } from "drizzle-orm";
import type { FormContent } from "../../shared/forms/model";
import type { Tx } from "../db/client";
import { formVersions } from "../db/schema";
import { notFound } from "../http/errors";

/**
 * A form's published versions, as applicants, reviewers, the PDF and the exports read them.
 *
 * Each version is parsed once per process and kept (a bounded cache: an autosave needs the questions to
 * check answers against, and re-reading a large form's JSON on every keystroke-driven save would dominate
 * its cost). A published version still takes the edits a published form allows (titles, descriptions,
 * criteria, look, French: decision 006, "Edits after publishing"), each counted in `edits`. A save through
 * this process forgets its copy at once (`forgetVersion`); an edit saved through another instance is seen
 * within `RECHECK_MS`, when the copy is checked against the stored count (the content itself is read
 * again only when the count moved). So a read costs no query while its copy is fresh.
 */
const VERSION_CACHE_SIZE = 200;
const RECHECK_MS = 2_000;

interface CachedVersion {
  edits: number;
  content: FormContent;
  checkedAt: number;
}
const versionCache = new Map<string, CachedVersion>();
const keyOf = (formId: string, version: number) => `${formId}:${version}`;

export async function versionContent(db: Tx, formId: string, version: number): Promise<FormContent> {
  const key = keyOf(formId, version);
  const cached = versionCache.get(key);
  const now = Date.now();
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.content;
  const [row] = await db
    .select({
      edits: formVersions.edits,
      content: cached
        ? sql<FormContent | null>`case when ${formVersions.edits} = ${cached.edits} then null else ${formVersions.content} end`
        : formVersions.content,
    })
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
  if (!row) throw notFound();
  const content = cached && row.content === null ? cached.content : row.content!;
  versionCache.delete(key);
  if (versionCache.size >= VERSION_CACHE_SIZE) versionCache.delete(versionCache.keys().next().value!);
  versionCache.set(key, { edits: row.edits, content, checkedAt: now });
  return content;
}

/** A save of this version through this process: the next read takes it from the database. */
export function forgetVersion(formId: string, version: number): void {
  versionCache.delete(keyOf(formId, version));
}
