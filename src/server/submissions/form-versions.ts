import { and, eq, sql } from "drizzle-orm";
import type { FormContent } from "../../shared/forms/model";
import type { ApplicantForm } from "../../shared/schemas/submissions";
import type { Tx } from "../db/client";
import { formLinks, forms, formVersions, organizations, plans } from "../db/schema";
import { isAccepting } from "../forms/service";
import { notFound } from "../http/errors";

/**
 * Each version is parsed once per process and kept (a bounded cache: an autosave needs the questions to
 * check answers against, and re-reading a large form's JSON on every keystroke-driven save would dominate
 * its cost). A published version still takes the edits a published form allows (titles, descriptions,
 * criteria, look: decision 006), each counted in `edits`: every read asks for the count, and for the
 * content only when the count differs from the cached one, so another instance's edit is seen at once.
 */
const VERSION_CACHE_SIZE = 200;
const versionCache = new Map<string, { edits: number; content: FormContent }>();

export async function versionContent(db: Tx, formId: string, version: number): Promise<FormContent> {
  const key = `${formId}:${version}`;
  const cached = versionCache.get(key);
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
  if (cached && row.content === null) return cached.content;
  versionCache.delete(key);
  if (versionCache.size >= VERSION_CACHE_SIZE) versionCache.delete(versionCache.keys().next().value!);
  versionCache.set(key, { edits: row.edits, content: row.content! });
  return row.content!;
}

/** What applicants need of a form's state: published, accepting, editing allowed, the plan's file size. */
export async function formState(db: Tx, formId: string, now = new Date()) {
  // One round trip (the autosave path runs this on every save): the latest applicant link as a subquery.
  const latestLink = sql<{ id: string; open_at: string; close_at: string | null } | null>`(
    select json_build_object('id', l.id, 'open_at', l.open_at, 'close_at', l.close_at) from ${formLinks} l
    where l.form_id = ${forms.id} and l.kind = 'submission'
    order by l.created_at desc limit 1)`;
  const [row] = await db
    .select({
      id: forms.id,
      programId: forms.programId,
      organizationId: forms.organizationId,
      draft: forms.draft,
      allowEdit: forms.allowEdit,
      publishedVersion: forms.publishedVersion,
      maxFileSizeMB: plans.maxFileSizeMB,
      latestLink,
    })
    .from(forms)
    .innerJoin(organizations, eq(organizations.id, forms.organizationId))
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(forms.id, formId));
  if (!row) throw notFound();
  const { latestLink: raw, ...form } = row;
  const link = raw
    ? { id: raw.id, openAt: new Date(raw.open_at), closeAt: raw.close_at ? new Date(raw.close_at) : null }
    : undefined;
  return {
    ...form,
    link,
    /** Takes responses: published and the latest applicant link open (forms-and-applicants §4). */
    accepting: !form.draft && isAccepting(link, now),
  };
}
export type FormState = Awaited<ReturnType<typeof formState>>;

/** The form as applicants see it: `content` is the version they answer (or the draft, in preview). */
export function presentApplicantForm(
  state: FormState,
  content: FormContent,
  version: number | null,
): ApplicantForm {
  return {
    _id: state.id,
    programId: state.programId,
    name: content.name,
    description: content.description,
    sections: content.sections.filter((s) => !s.deleted),
    settings: content.settings,
    version,
    allowEdit: state.allowEdit,
    maxFileSizeMB: state.maxFileSizeMB,
    accepting: state.accepting,
    closesAt: state.link?.closeAt ? state.link.closeAt.toISOString() : null,
  };
}
