import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserProfile } from "../../shared/schemas/users";
import { sessionKey, userKeys } from "../lib/query-keys";
import { prefetchSignedInData } from "./signed-in-prefetch";

const USER = "u1";
/** A guarded page that names no first reads of its own. */
const PROGRAMS_PAGE = { pathname: "/programs", search: "" };

function profile(patch: Partial<UserProfile>): UserProfile {
  return {
    userId: USER,
    name: "Rita Reviewer",
    preferredName: null,
    email: "rita@example.test",
    applicant: false,
    admin: false,
    adminOrganization: null,
    currentProgram: "p1",
    programs: [{ id: "p1", organizationId: "o1", role: "REVIEWER" }],
    emailConsent: true,
    language: null,
    registered: true,
    ...patch,
  };
}

const PROGRAM = {
  id: "p1",
  name: "Community Grants",
  organizationId: "o1",
  organizationName: "Harbour Foundation",
  role: "REVIEWER",
  isOrganizationAdmin: false,
  archived: false,
  archivedAt: null,
  appVersion: 2,
};

/** The server's answers by path, and the order the paths were asked in. */
let answers: Record<string, { status: number; body: unknown }>;
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const answer = answers[url] ?? {
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "Not found" } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function signedInAs(userProfile: UserProfile) {
  answers = {
    "/api/auth/get-session": {
      status: 200,
      body: { user: { id: USER, email: "rita@example.test", name: "Rita" } },
    },
    [`/api/users/${USER}`]: { status: 200, body: userProfile },
    [`/api/users/${USER}/currentProgram`]: { status: 200, body: { currentProgram: PROGRAM } },
    [`/api/users/${USER}/programs`]: { status: 200, body: { programs: [PROGRAM] } },
  };
}

describe("what a guarded page asks before its first render", () => {
  it("fills the session, the profile and a committee member's current program and programs", async () => {
    signedInAs(profile({}));
    const queryClient = new QueryClient();
    await prefetchSignedInData(queryClient, PROGRAMS_PAGE);

    expect(asked).toEqual([
      "/api/auth/get-session",
      `/api/users/${USER}`,
      `/api/users/${USER}/currentProgram`,
      `/api/users/${USER}/programs`,
    ]);
    expect(queryClient.getQueryData(sessionKey)).toEqual({
      id: USER,
      email: "rita@example.test",
      name: "Rita",
    });
    expect(queryClient.getQueryData(userKeys.profile(USER))).toEqual(profile({}));
    expect(queryClient.getQueryData(userKeys.currentProgram(USER))).toEqual({ currentProgram: PROGRAM });
    expect(queryClient.getQueryData(userKeys.programs(USER))).toEqual({ programs: [PROGRAM] });
  });

  it("asks an applicant for no program: they have none to pick from", async () => {
    signedInAs(profile({ applicant: true, programs: [], currentProgram: null }));
    const queryClient = new QueryClient();
    await prefetchSignedInData(queryClient, PROGRAMS_PAGE);

    expect(asked).toEqual(["/api/auth/get-session", `/api/users/${USER}`]);
    expect(queryClient.getQueryData(userKeys.currentProgram(USER))).toBeUndefined();
  });

  it("asks nothing more of a visitor who is not signed in", async () => {
    answers = { "/api/auth/get-session": { status: 200, body: null } };
    const queryClient = new QueryClient();
    await prefetchSignedInData(queryClient, PROGRAMS_PAGE);

    expect(asked).toEqual(["/api/auth/get-session"]);
    expect(queryClient.getQueryData(sessionKey)).toBeNull();
  });

  it("leaves a profile the server does not know to the page, which tells the visitor", async () => {
    answers = {
      "/api/auth/get-session": {
        status: 200,
        body: { user: { id: USER, email: "x@example.test", name: "" } },
      },
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(prefetchSignedInData(queryClient, PROGRAMS_PAGE)).resolves.toBeUndefined();

    expect(asked).toEqual(["/api/auth/get-session", `/api/users/${USER}`]);
    expect(queryClient.getQueryState(userKeys.profile(USER))?.status).toBe("error");
  });

  it("asks the page's own first reads beside the programs: the submission view's candidate and its step bar's list", async () => {
    signedInAs(profile({}));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchSignedInData(queryClient, { pathname: "/submissions/p1/s1", search: "" });

    expect(asked.slice(0, 2)).toEqual(["/api/auth/get-session", `/api/users/${USER}`]);
    expect(asked.slice(2).sort()).toEqual(
      [
        `/api/users/${USER}/currentProgram`,
        `/api/users/${USER}/programs`,
        "/api/applications/p1/s1",
        "/api/applications?programId=p1&adminMode=false&page=1&pageSize=10",
      ].sort(),
    );
  });

  it("asks the candidate list's page as its address names it, in the current program", async () => {
    signedInAs(profile({}));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchSignedInData(queryClient, { pathname: "/applications", search: "?page=3&adminMode=true" });

    expect(asked.slice(4)).toEqual(["/api/applications?programId=p1&adminMode=true&page=3&pageSize=10"]);
  });

  it("asks nothing of a page the route guard will not show: a reviewer on Candidate Statistics", async () => {
    signedInAs(profile({}));
    // What the page would read, answered: it must not be asked, though the server would refuse it too.
    answers["/api/admin/funding-stats?programId=p1"] = { status: 200, body: { totalFunding: 5000 } };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchSignedInData(queryClient, { pathname: "/admin/allcandidates", search: "" });

    expect(asked).toEqual([
      "/api/auth/get-session",
      `/api/users/${USER}`,
      `/api/users/${USER}/currentProgram`,
      `/api/users/${USER}/programs`,
    ]);
  });

  it("asks Candidate Statistics' first page, funding and release for the program's admin", async () => {
    signedInAs(profile({ programs: [{ id: "p1", organizationId: "o1", role: "ADMIN" }] }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchSignedInData(queryClient, { pathname: "/admin/allcandidates", search: "" });

    const pageReads = asked.slice(4).map((url) => url.split("?")[0]);
    expect(pageReads.sort()).toEqual(
      [
        "/api/admin/candidate-submissions",
        "/api/admin/funding-stats",
        "/api/programs/p1/decision-release",
      ].sort(),
    );
  });
});
