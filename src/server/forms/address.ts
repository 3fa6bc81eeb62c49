import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { ADDRESS_MESSAGES, addressSlug, numberedSlug } from "../../shared/forms/address";
import { recordAudit } from "../audit/record";
import type { Db, Tx } from "../db/client";
import { formLinks, forms, organizations, programs } from "../db/schema";
import { AppError, notFound } from "../http/errors";

/**
 * Stable public addresses, /apply/{organization slug}/{form slug}: each always opens the form's latest
 * applicant link, while the spec's /form/{linkId} links keep working (docs/decisions/027-stable-form-address.md).
 */

/** Candidates for a slug, first free wins: the name's slug, then numbered. */
async function firstFree(base: string, taken: (candidates: string[]) => Promise<Set<string>>) {
  for (let from = 1; ; from += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) => numberedSlug(base, from + i));
    const used = await taken(candidates);
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
  }
}

/**
 * Gives the form its address parts when it has none yet: the organization's slug (from its name, unique
 * among organizations) and the form's (from its program's name, unique in the organization). Run inside
 * the transaction that publishes: the organization row is locked, and organization slugs are chosen one
 * at a time (an advisory lock), so two publishes never pick the same slug.
 */
export async function ensureFormAddress(tx: Tx, formId: string): Promise<void> {
  const [form] = await tx
    .select({ slug: forms.slug, organizationId: forms.organizationId, programName: programs.name })
    .from(forms)
    .innerJoin(programs, eq(programs.id, forms.programId))
    .where(eq(forms.id, formId));
  if (!form) throw notFound();
  const [org] = await tx
    .select({ slug: organizations.slug, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, form.organizationId))
    .for("no key update");
  if (!org) throw notFound();
  if (org.slug === null) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('organizations.slug'))`);
    const slug = await firstFree(addressSlug(org.name, "organization"), async (candidates) => {
      const rows = await tx
        .select({ slug: organizations.slug })
        .from(organizations)
        .where(inArray(organizations.slug, candidates));
      return new Set(rows.map((r) => r.slug!));
    });
    await tx
      .update(organizations)
      .set({ slug })
      .where(and(eq(organizations.id, form.organizationId), isNull(organizations.slug)));
  }
  if (form.slug !== null) return;
  const slug = await firstFree(addressSlug(form.programName, "form"), (candidates) =>
    takenFormSlugs(tx, form.organizationId, formId, candidates),
  );
  await tx.update(forms).set({ slug }).where(eq(forms.id, formId));
}

async function takenFormSlugs(tx: Tx, organizationId: string, formId: string, candidates: string[]) {
  const rows = await tx
    .select({ slug: forms.slug })
    .from(forms)
    .where(
      and(eq(forms.organizationId, organizationId), ne(forms.id, formId), inArray(forms.slug, candidates)),
    );
  return new Set(rows.map((r) => r.slug!));
}

/** The form's address parts, null while it has none (never published, and no slug chosen). */
export async function formAddress(db: Tx, formId: string) {
  const [row] = await db
    .select({ organization: organizations.slug, form: forms.slug })
    .from(forms)
    .innerJoin(organizations, eq(organizations.id, forms.organizationId))
    .where(eq(forms.id, formId));
  return row?.organization && row.form ? { organization: row.organization, form: row.form } : null;
}

/**
 * An administrator chooses the form's part of the address. Another form of the organization holding it
 * is a conflict (409); the organization's part is given if it has none. Recorded in the audit log.
 */
export async function setFormSlug(
  db: Db,
  form: { id: string; organizationId: string; programId: string },
  slug: string,
  actorUserId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureFormAddress(tx, form.id);
    const [before] = await tx.select({ slug: forms.slug }).from(forms).where(eq(forms.id, form.id));
    if (before?.slug === slug) return;
    if ((await takenFormSlugs(tx, form.organizationId, form.id, [slug])).size > 0) {
      throw new AppError("CONFLICT", ADDRESS_MESSAGES.taken, { slug: [ADDRESS_MESSAGES.taken] });
    }
    await tx.update(forms).set({ slug, updatedAt: new Date() }).where(eq(forms.id, form.id));
    await recordAudit(tx, {
      organizationId: form.organizationId,
      programId: form.programId,
      actorUserId,
      subject: { type: "form", id: form.id },
      action: "form.address_changed",
      details: { slug: { before: before?.slug ?? null, after: slug } },
    });
  });
}

/**
 * The form an address names, and its latest applicant link (null before its first publishing); 404 for
 * an address no form holds.
 */
export async function resolveAddress(db: Tx, organizationSlug: string, formSlug: string) {
  const [row] = await db
    .select({
      formId: forms.id,
      linkId: sql<string | null>`(
        select l.id from ${formLinks} l where l.form_id = ${forms.id} and l.kind = 'submission'
        order by l.created_at desc limit 1)`,
    })
    .from(forms)
    .innerJoin(organizations, eq(organizations.id, forms.organizationId))
    .where(and(eq(organizations.slug, organizationSlug), eq(forms.slug, formSlug)));
  if (!row) throw notFound();
  return row;
}
