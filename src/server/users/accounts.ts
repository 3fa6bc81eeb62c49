import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
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
