import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { ProgramRole } from "../../shared/authz/roles";
import type { FormContent } from "../../shared/forms/model";
import type { Db } from "../db/client";
import {
  formLinks,
  forms,
  organizations,
  plans,
  programInvitations,
  programMembers,
  programs,
} from "../db/schema";
import { createDefaultForm, publishForm } from "../forms/service";
import { hashInvitationToken } from "../program-users/invitations";
import { createAccountWithPassword } from "../users/accounts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "./harness";

const unique = () => randomBytes(4).toString("hex");

export async function buildOrg(db: Db, opts: { name?: string; planName?: string } = {}) {
  const [plan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.name, opts.planName ?? "Foundation"));
  const name = opts.name ?? `Org ${unique()}`;
  const [org] = await db
    .insert(organizations)
    .values({ name, displayName: name, planId: plan!.id })
    .returning();
  return org!;
}

export async function buildProgram(
  db: Db,
  organizationId: string,
  opts: { name?: string; archived?: boolean } = {},
) {
  const [program] = await db
    .insert(programs)
    .values({
      organizationId,
      name: opts.name ?? `Program ${unique()}`,
      archived: opts.archived ?? false,
      archivedAt: opts.archived ? new Date() : null,
    })
    .returning();
  return program!;
}

/** TEST_PASSWORD's hash, made once per test file: every factory-made user signs in with it. */
let testPasswordHash: Promise<string> | undefined;
function hashTestPassword(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hashPassword(password);
  return testPasswordHash;
}

export async function buildUser(
  db: Db,
  opts: { email?: string; name?: string; applicant?: boolean; adminOrganizationId?: string } = {},
) {
  const email = opts.email ?? `user-${unique()}@example.test`;
  const id = await db.transaction((tx) =>
    createAccountWithPassword(
      tx,
      {
        email,
        name: opts.name ?? "Test User",
        password: TEST_PASSWORD,
        applicant: opts.applicant ?? false,
        adminOrganizationId: opts.adminOrganizationId ?? null,
      },
      hashTestPassword,
    ),
  );
  return { id, email };
}

export async function addMember(
  db: Db,
  program: { id: string; organizationId: string },
  userId: string,
  role: ProgramRole,
) {
  await db
    .insert(programMembers)
    .values({ programId: program.id, organizationId: program.organizationId, userId, role });
}

/** A pending invitation to the program, as an admin's invite leaves it (no email): its id and its token. */
export async function buildInvitation(
  db: Db,
  program: { id: string; organizationId: string },
  opts: { email?: string; role?: ProgramRole } = {},
) {
  const token = randomBytes(32).toString("base64url");
  const email = opts.email ?? `invitee-${unique()}@example.test`;
  const [row] = await db
    .insert(programInvitations)
    .values({
      programId: program.id,
      organizationId: program.organizationId,
      email,
      role: opts.role ?? "REVIEWER",
      tokenHash: hashInvitationToken(token),
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: programInvitations.id });
  return { id: row!.id, token, email };
}

/** A response read once: its status, its JSON body (null when empty) and its text for failure messages. */
export interface ParsedAnswer<T> {
  status: number;
  body: T;
  text: string;
}

/** One API call as `cookie`'s holder (anonymous without one), its answer parsed. */
export async function callApi<T = unknown>(
  t: Pick<TestApp, "request">,
  method: string,
  path: string,
  cookie: string | undefined,
  body?: unknown,
): Promise<ParsedAnswer<T>> {
  const res = await t.request(path, { method, body, ...(cookie === undefined ? {} : { cookie }) });
  const text = await res.text();
  return { status: res.status, body: (text === "" ? null : JSON.parse(text)) as T, text };
}

/** A new account with this role in the program, signed in (its cookie ready for requests). */
export async function signedInMember(
  t: Pick<TestApp, "deps" | "signIn">,
  program: { id: string; organizationId: string },
  name: string,
  role: ProgramRole = "REVIEWER",
  email?: string,
) {
  const user = await buildUser(t.deps.db, { name, ...(email ? { email } : {}) });
  await addMember(t.deps.db, program, user.id, role);
  return { ...user, name, cookie: await t.signIn(user.email) };
}

/**
 * Two organizations with a program each and one user per role in the first — the cast that
 * permission tests need, including the admin of another organization.
 */
export async function buildCast(db: Db) {
  const org = await buildOrg(db, { name: "First Foundation" });
  const program = await buildProgram(db, org.id, { name: "Arts 2026" });
  const otherOrg = await buildOrg(db, { name: "Other Trust" });
  const otherProgram = await buildProgram(db, otherOrg.id, { name: "Secret Other Program" });
  const orgAdmin = await buildUser(db, { adminOrganizationId: org.id, name: "Org Admin" });
  const otherOrgAdmin = await buildUser(db, { adminOrganizationId: otherOrg.id, name: "Other Admin" });
  const members = {} as Record<ProgramRole, { id: string; email: string }>;
  for (const role of ["ADMIN", "ADMIN_REVIEWER", "REVIEWER", "GUEST"] as const) {
    members[role] = await buildUser(db, { name: `${role} person` });
    await addMember(db, program, members[role].id, role);
  }
  const applicant = await buildUser(db, { applicant: true, name: "Ann Applicant" });
  const stranger = await buildUser(db, { name: "Nobody Known" });
  return { org, program, otherOrg, otherProgram, orgAdmin, otherOrgAdmin, members, applicant, stranger };
}

export type Cast = Awaited<ReturnType<typeof buildCast>>;

/** A session cookie for each of the cast's people, by the names permission tests use. */
export async function signInCast(t: { signIn(email: string): Promise<string> }, cast: Cast) {
  const people = {
    orgAdmin: cast.orgAdmin,
    otherOrgAdmin: cast.otherOrgAdmin,
    admin: cast.members.ADMIN,
    adminReviewer: cast.members.ADMIN_REVIEWER,
    reviewer: cast.members.REVIEWER,
    guest: cast.members.GUEST,
    applicant: cast.applicant,
  };
  const entries = await Promise.all(
    Object.entries(people).map(async ([who, person]) => [who, await t.signIn(person.email)] as const),
  );
  return Object.fromEntries(entries) as Record<keyof typeof people, string>;
}

export interface CastTestApp {
  t: TestApp;
  cast: Cast;
  cookies: Record<string, string>;
}

/**
 * The usual permission-test setup: an app on a fresh database, the cast, everyone signed in — handed
 * to `receive` before the tests run, and the app closed after them.
 */
export function withCastTestApp(receive: (app: CastTestApp) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const cast = await buildCast(t.deps.db);
    receive({ t, cast, cookies: await signInCast(t, cast) });
  });
  afterAll(() => t?.close());
}

/** A program's form with this content, published: its id, version 1 and its open applicant link. */
export async function buildPublishedForm(
  db: Db,
  program: { id: string; organizationId: string; name: string },
  content: FormContent,
) {
  await db.transaction((tx) => createDefaultForm(tx, program, null, content));
  const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.programId, program.id));
  await publishForm(db, form!.id, 0);
  const links = await db.select().from(formLinks).where(eq(formLinks.formId, form!.id));
  return {
    formId: form!.id,
    linkId: links.find((l) => l.kind === "submission")!.id,
    previewLinkId: links.find((l) => l.kind === "preview")!.id,
  };
}
