import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { accounts, users } from "../db/schema";
import { AppError } from "../http/errors";
import { refuseCommonPassword } from "./common-passwords";

export interface NewAccount {
  email: string;
  name: string;
  password: string;
  applicant?: boolean;
  adminOrganizationId?: string | null;
  emailConsent?: boolean;
}

export async function emailIsTaken(tx: Tx, email: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Creates a user and its email-and-password credential the way better-auth stores them (same
 * password hash format), inside the caller's transaction — better-auth's own sign-up cannot share
 * a transaction with the organization it belongs to.
 */
export async function createAccountWithPassword(
  tx: Tx,
  account: NewAccount,
  /** The password's hash (scrypt, ~75 ms): the tests' factories reuse one for their shared password. */
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<string> {
  refuseCommonPassword(account.password);
  const email = account.email.trim().toLowerCase();
  if (await emailIsTaken(tx, email)) {
    throw new AppError("EMAIL_TAKEN", "An account with this email address already exists.", {
      email: ["An account with this email address already exists."],
    });
  }
  const id = randomUUID().replaceAll("-", "");
  await tx.insert(users).values({
    id,
    email,
    name: account.name.trim(),
    applicant: account.applicant ?? false,
    adminOrganizationId: account.adminOrganizationId ?? null,
    emailConsent: account.emailConsent ?? false,
  });
  await tx.insert(accounts).values({
    id: randomUUID().replaceAll("-", ""),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hash(account.password),
  });
  return id;
}

/**
 * A person a legacy program's import brought over who has no account yet (docs/decisions/032): a user row
 * their reviews, rankings and assignments hang on, with no way to sign in until they accept their invitation
 * and choose a password (`claimPlaceholder`).
 */
export async function createPlaceholderAccount(
  tx: Tx,
  person: { email: string; name: string },
): Promise<string> {
  const id = randomUUID().replaceAll("-", "");
  await tx.insert(users).values({ id, email: person.email.trim().toLowerCase(), name: person.name.trim() });
  return id;
}

/** Whether the account is such a placeholder: no credential and no other sign-in of any kind. */
export async function isPlaceholderAccount(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .limit(1);
  return rows.length === 0;
}

/** The placeholder becomes a real account: its name and password, its address proven by the invitation. */
export async function claimPlaceholder(tx: Tx, userId: string, account: { name: string; password: string }) {
  refuseCommonPassword(account.password);
  await tx
    .update(users)
    .set({ name: account.name.trim(), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.insert(accounts).values({
    id: randomUUID().replaceAll("-", ""),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(account.password),
  });
}
