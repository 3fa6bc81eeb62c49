import { and, count, eq } from "drizzle-orm";
import type { ProgramRole } from "../../shared/authz/roles";
import type { Answer } from "../../shared/forms/answers";
import type { Section } from "../../shared/forms/model";
import type { Db } from "../db/client";
import { formLinks, forms, organizations, plans, programMembers, programs, users } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { createDefaultForm, publishForm } from "../forms/service";
import { LEGACY_SAMPLES } from "../programs/legacy-import/samples";
import { importLegacyProgram } from "../programs/legacy-import/service";
import { SAMPLE_TEMPLATES } from "../review-templates/samples";
import { bindTemplate, createTemplate } from "../review-templates/service";
import { findSubmissionRef, openSubmission, saveAnswers, setSubmitted } from "../submissions/service";
import { createAccountWithPassword } from "../users/accounts";
import { demoFormContent } from "./demo-form";

export const DEMO_ORGANIZATION_NAME = "Demo Foundation";
const DEMO_PLAN_NAME = "Foundation";

export interface DemoAccount {
  email: string;
  name: string;
  what: string;
}

/** One account for every role, a published form and an application, and an imported legacy program. */
export const DEMO_ACCOUNTS: (DemoAccount & {
  role?: ProgramRole;
  orgAdmin?: boolean;
  applicant?: boolean;
})[] = [
  { email: "orgadmin@demo.test", name: "Olivia Owens", what: "organization admin", orgAdmin: true },
  { email: "admin@demo.test", name: "Adam Adler", what: "program admin", role: "ADMIN" },
  {
    email: "adminreviewer@demo.test",
    name: "Ada Reyes",
    what: "admin & committee member",
    role: "ADMIN_REVIEWER",
  },
  { email: "reviewer@demo.test", name: "Rita Reviewer", what: "committee member", role: "REVIEWER" },
  { email: "guest@demo.test", name: "Gus Guest", what: "guest", role: "GUEST" },
  { email: "applicant@demo.test", name: "Ann Applicant", what: "applicant", applicant: true },
];

/** Creates the demo organization when the database has no organization yet. Returns whether it did. */
export async function seedDemoIfEmpty(
  db: Db,
  password: string,
  storage?: FileStorage,
  publicUrl = "http://localhost:3000",
): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) return false;
  const currentProgram = await db.transaction(async (tx) => {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, DEMO_PLAN_NAME));
    if (!plan) throw new Error(`The ${DEMO_PLAN_NAME} plan is missing: reference data was not seeded.`);
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORGANIZATION_NAME, displayName: DEMO_ORGANIZATION_NAME, planId: plan.id })
      .returning({ id: organizations.id });
    const orgId = org!.id;
    const [current, archived] = await tx
      .insert(programs)
      .values([
        { organizationId: orgId, name: "Community Grants 2026", appVersion: 3 },
        {
          organizationId: orgId,
          name: "Community Grants 2025",
          appVersion: 3,
          archived: true,
          archivedAt: new Date("2026-01-15T00:00:00Z"),
        },
      ])
      .returning({ id: programs.id });
    for (const account of DEMO_ACCOUNTS) {
      const userId = await createAccountWithPassword(tx, {
        email: account.email,
        name: account.name,
        password,
        applicant: account.applicant ?? false,
        adminOrganizationId: account.orgAdmin ? orgId : null,
      });
      if (account.role) {
        await tx.insert(programMembers).values(
          [current!, archived!].map((p) => ({
            organizationId: orgId,
            programId: p.id,
            userId,
            role: account.role!,
          })),
        );
      }
    }
    const program = { id: current!.id, organizationId: orgId, name: "Community Grants 2026" };
    await createDefaultForm(tx, program, null, demoFormContent(program.name));
    return program;
  });
  await seedDemoApplication(db, currentProgram.id, storage);
  await seedImportedLegacyProgram(db, currentProgram.organizationId, publicUrl);
  return true;
}

/**
 * A program of the earlier system's legacy generation (appVersion 1), imported from the shipped sample as an
 * organization admin would (docs/decisions/032-legacy-program-import.md): Ada and a former committee member
 * reviewed it; Rita Reviewer has not yet, so she rates it on the legacy review page — in the sections of the
 * sample review template "General Operating Support".
 */
async function seedImportedLegacyProgram(db: Db, organizationId: string, publicUrl: string): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "orgadmin@demo.test"));
  const { programId } = await importLegacyProgram(db, organizationId, LEGACY_SAMPLES[1], {
    publicUrl,
    invitedBy: "Olivia Owens",
    actorUserId: admin!.id,
    rateLimited: false,
  });
  // The two sample review templates (docs/decisions/040-review-templates.md); the program is reviewed in the
  // first's sections, its one unplaced answer under Other.
  const [general] = await Promise.all(
    SAMPLE_TEMPLATES.map((template) => createTemplate(db, organizationId, template, admin!.id)),
  );
  await bindTemplate(db, organizationId, programId, general!._id, admin!.id);
}

/** The demo form, published, with Ann Applicant's submitted application and the committee's other candidates. */
async function seedDemoApplication(db: Db, programId: string, storage?: FileStorage): Promise<void> {
  const [form] = await db.select().from(forms).where(eq(forms.programId, programId));
  await publishForm(db, form!.id, form!.revision);
  const [applicant] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "applicant@demo.test"));
  const [link] = await db
    .select({ id: formLinks.id })
    .from(formLinks)
    .where(and(eq(formLinks.formId, form!.id), eq(formLinks.kind, "submission")));
  const { submissionId } = await openSubmission(db, link!.id, applicant!.id);
  const [about, project, , budget] = form!.content.sections as [Section, Section, Section, Section];
  const q = (section: Section, n: number) => section.questions[n]!;
  const answer = (section: Section, n: number, patch: Partial<Answer> = {}): Answer => ({
    questionId: q(section, n)._id,
    sectionId: section._id,
    type: q(section, n).type,
    answerString: "",
    answerArray: [],
    answerMatrix: [],
    ...patch,
  });
  const answers = [
    answer(about, 0, { answerString: "Riverside Youth Theatre" }),
    answer(about, 1, { answerString: "ann@demo.test" }),
    answer(project, 0, {
      answerString: "A summer theatre workshop for 40 teenagers, ending with three free public shows.",
    }),
    answer(project, 1, { answerArray: [q(project, 1).x_options[0]!._id] }),
    answer(project, 2, { answerArray: [q(project, 2).x_options[1]!._id] }),
    answer(budget, 0, {
      answerMatrix: [
        { id: "demo-row-1", column_0: "Venue rental", column_1: "2400" },
        { id: "demo-row-2", column_0: "Costumes and sets", column_1: "1800" },
      ],
    }),
  ];
  const ref = await findSubmissionRef(db, submissionId);
  await saveAnswers(db, ref, { revision: 0, answers }, { access: "owner", userId: applicant!.id });
  await setSubmitted(db, ref, { submitted: true, revision: 1 }, { language: "en", publicUrl: "" });
  const [published] = await db.select().from(forms).where(eq(forms.id, form!.id));
  const reviewerId = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  // Only an empty database gets here: pdf-lib (for the candidates' budget PDFs) loads only then.
  const { seedDemoCandidates } = await import("./demo-candidates");
  await seedDemoCandidates(db, {
    program: { id: programId, organizationId: form!.organizationId },
    form: { id: form!.id, version: published!.publishedVersion!, content: form!.content },
    linkId: link!.id,
    reviewers: {
      rita: await reviewerId("reviewer@demo.test"),
      ada: await reviewerId("adminreviewer@demo.test"),
    },
    storage,
  });
}
