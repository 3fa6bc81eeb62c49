import { eq, sql } from "drizzle-orm";
import type { FormContent } from "../../shared/forms/model";
import type { ApplicantForm } from "../../shared/schemas/submissions";
import type { Tx } from "../db/client";
import { formLinks, forms, organizations, plans } from "../db/schema";
import { isAccepting } from "../forms/service";
import { notFound } from "../http/errors";

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
      organizationName: organizations.name,
      contactEmail: organizations.contactEmail,
      latestLink,
    })
    .from(forms)
    .innerJoin(organizations, eq(organizations.id, forms.organizationId))
    .innerJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(forms.id, formId));
  if (!row) throw notFound();
  const { latestLink: raw, organizationName, contactEmail, ...form } = row;
  const link = raw
    ? { id: raw.id, openAt: new Date(raw.open_at), closeAt: raw.close_at ? new Date(raw.close_at) : null }
    : undefined;
  return {
    ...form,
    link,
    organization: { name: organizationName, contactEmail },
    /**
     * Takes responses: published and the latest applicant link open (forms-and-applicants,
     * "4. States and transitions").
     */
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
    organization: state.organization,
  };
}
