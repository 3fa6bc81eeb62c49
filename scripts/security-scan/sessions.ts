import type { ServerProcess } from "../../bench/runner/server-process";
import { signInUsers } from "../../bench/runner/sign-in";

/** The demo organization's accounts (src/server/demo/seed.ts), by the part each plays. */
export const DEMO_EMAILS = {
  orgAdmin: "orgadmin@demo.test",
  programAdmin: "admin@demo.test",
  adminReviewer: "adminreviewer@demo.test",
  reviewer: "reviewer@demo.test",
  guest: "guest@demo.test",
  applicant: "applicant@demo.test",
} as const;

export type DemoRole = keyof typeof DEMO_EMAILS;
/** Who a request is sent as: a demo account's session, or nobody (sign-up, a guest's draft). */
export type Actor = DemoRole | "anonymous";

export interface Session {
  role: DemoRole;
  email: string;
  userId: string;
  /** "better-auth.session_token=…": the signed cookie, as a browser sends it back. */
  cookie: string;
}

export type Sessions = Record<DemoRole, Session>;

/** Signs every demo account in through better-auth (POST /api/auth/sign-in/email) and keeps the cookies. */
export async function signInDemoAccounts(server: ServerProcess, password: string): Promise<Sessions> {
  const roles = Object.keys(DEMO_EMAILS) as DemoRole[];
  const users = await signInUsers(
    server,
    roles.map((role) => DEMO_EMAILS[role]),
    password,
  );
  const sessions = {} as Sessions;
  roles.forEach((role, i) => {
    const user = users[i]!;
    sessions[role] = { role, email: user.email, userId: user.userId, cookie: user.cookie };
  });
  return sessions;
}

/** One more session of an account, for a scanner that must not share one (wapiti). */
export async function signInAgain(server: ServerProcess, role: DemoRole, password: string): Promise<Session> {
  const [user] = await signInUsers(server, [DEMO_EMAILS[role]], password);
  return { role, email: user!.email, userId: user!.userId, cookie: user!.cookie };
}
