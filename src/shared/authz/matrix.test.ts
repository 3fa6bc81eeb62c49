import { describe, expect, it } from "vitest";
import type { Actor } from "./actor";
import { ACTIONS, type Action, can, type ResourceOf } from "./matrix";

const ORG = "org-1";
const OTHER_ORG = "org-2";
const PROGRAM = { programId: "p-1", organizationId: ORG };

function member(role: "ADMIN" | "ADMIN_REVIEWER" | "REVIEWER" | "GUEST"): Actor {
  return {
    userId: `u-${role}`,
    applicant: false,
    adminOrganizationId: null,
    memberships: [{ ...PROGRAM, role }],
  };
}

const ACTORS = {
  anonymous: null,
  applicant: { userId: "u-applicant", applicant: true, adminOrganizationId: null, memberships: [] },
  guest: member("GUEST"),
  reviewer: member("REVIEWER"),
  adminReviewer: member("ADMIN_REVIEWER"),
  admin: member("ADMIN"),
  orgAdmin: { userId: "u-orgadmin", applicant: false, adminOrganizationId: ORG, memberships: [] },
  otherOrgAdmin: { userId: "u-other", applicant: false, adminOrganizationId: OTHER_ORG, memberships: [] },
} satisfies Record<string, Actor | null>;
type ActorName = keyof typeof ACTORS;

const ALL: ActorName[] = Object.keys(ACTORS) as ActorName[];
const SIGNED_IN = ALL.filter((a) => a !== "anonymous");

/** For each action: the resource asked about, and exactly who may. Everyone else may not. */
const EXPECTED: {
  [A in Action]: { resource: (actor: Actor | null) => ResourceOf[A]; allowed: ActorName[] };
} = {
  "health:read": { resource: () => null, allowed: ALL },
  "plans:list": { resource: () => null, allowed: ALL },
  "account:signUp": { resource: () => null, allowed: ALL },
  "account:requestPasswordReset": { resource: () => null, allowed: ALL },
  "errorReport:create": { resource: () => null, allowed: ALL },
  "devMailbox:read": { resource: () => null, allowed: ALL },
  "publicFile:read": { resource: () => null, allowed: ALL },
  "feedback:send": { resource: () => null, allowed: SIGNED_IN },
  "invitation:respond": { resource: () => null, allowed: ALL },
  "invitation:listOwn": { resource: (a) => ({ userId: a?.userId ?? "u-x" }), allowed: SIGNED_IN },
  // Their own profile: everyone signed in. Someone else's: nobody (below).
  "user:read": { resource: (a) => ({ userId: a?.userId ?? "u-x" }), allowed: SIGNED_IN },
  "user:update": { resource: (a) => ({ userId: a?.userId ?? "u-x" }), allowed: SIGNED_IN },
  "user:readPublic": { resource: () => null, allowed: ALL },
  "program:view": {
    resource: () => PROGRAM,
    allowed: ["guest", "reviewer", "adminReviewer", "admin", "orgAdmin"],
  },
  "program:administer": { resource: () => PROGRAM, allowed: ["adminReviewer", "admin", "orgAdmin"] },
  "program:manage": { resource: () => ({ organizationId: ORG }), allowed: ["orgAdmin"] },
  "organization:read": {
    resource: () => ({ organizationId: ORG }),
    allowed: ["guest", "reviewer", "adminReviewer", "admin", "orgAdmin"],
  },
  "organization:administer": { resource: () => ({ organizationId: ORG }), allowed: ["orgAdmin"] },
  "submission:create": { resource: () => null, allowed: ALL },
  // The applicant's own submission: them and the program's admins; a reviewer is not enough.
  "submission:edit": {
    resource: () => ({ ownerId: "u-applicant", holdsToken: false, ...PROGRAM }),
    allowed: ["applicant", "adminReviewer", "admin", "orgAdmin"],
  },
  // The emailed link's token is the key: anyone who has it.
  "submission:continueByLink": { resource: () => null, allowed: ALL },
  "submission:listOwn": { resource: (a) => ({ userId: a?.userId ?? "u-x" }), allowed: SIGNED_IN },
  "candidate:list": {
    resource: () => PROGRAM,
    allowed: ["guest", "reviewer", "adminReviewer", "admin", "orgAdmin"],
  },
  // A candidate assigned to someone else: only the program's admins read it.
  "candidate:read": {
    resource: () => ({ ...PROGRAM, visibleToReviewer: false, draftOrTest: false }),
    allowed: ["adminReviewer", "admin", "orgAdmin"],
  },
  // A candidate open to everyone: committee members rate it; guests and plain admins do not.
  "review:write": {
    resource: () => ({ ...PROGRAM, visibleToReviewer: true, draftOrTest: false, archived: false }),
    allowed: ["reviewer", "adminReviewer"],
  },
  "ranking:write": {
    resource: () => ({ ...PROGRAM, archived: false }),
    allowed: ["reviewer", "adminReviewer"],
  },
  "review:readAll": { resource: () => PROGRAM, allowed: ["adminReviewer", "admin", "orgAdmin"] },
  "committee:assign": { resource: () => PROGRAM, allowed: ["adminReviewer", "admin", "orgAdmin"] },
  "candidate:decide": { resource: () => PROGRAM, allowed: ["adminReviewer", "admin", "orgAdmin"] },
  "committee:email": { resource: () => PROGRAM, allowed: ["adminReviewer", "admin", "orgAdmin"] },
  "export:run": { resource: () => PROGRAM, allowed: ["adminReviewer", "admin", "orgAdmin"] },
  // Program admins run the program but do not read the organization's log.
  "audit:read": { resource: () => ({ organizationId: ORG }), allowed: ["orgAdmin"] },
  // Review templates belong to the organization: its admin only, not the programs' admins.
  "reviewTemplate:manage": { resource: () => ({ organizationId: ORG }), allowed: ["orgAdmin"] },
  "conflict:declare": {
    resource: () => ({ ...PROGRAM, visibleToReviewer: true, draftOrTest: false, archived: false }),
    allowed: ["reviewer", "adminReviewer"],
  },
  "conflict:readOwn": { resource: () => PROGRAM, allowed: ["reviewer", "adminReviewer"] },
  "conflict:manage": { resource: () => PROGRAM, allowed: ["adminReviewer", "admin", "orgAdmin"] },
};

describe("role matrix", () => {
  it("has an expectation for every action", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    const { resource, allowed } = EXPECTED[action] as {
      resource: (a: Actor | null) => never;
      allowed: ActorName[];
    };
    for (const name of ALL) {
      const expected = allowed.includes(name);
      it(`${action}: ${name} ${expected ? "may" : "may not"}`, () => {
        const actor = ACTORS[name];
        expect(can(actor, action, resource(actor))).toBe(expected);
      });
    }
  }

  it("never lets one user read or change another user's data", () => {
    for (const name of SIGNED_IN) {
      const actor = ACTORS[name];
      expect(can(actor, "user:read", { userId: "someone-else" })).toBe(false);
      expect(can(actor, "user:update", { userId: "someone-else" })).toBe(false);
      expect(can(actor, "invitation:listOwn", { userId: "someone-else" })).toBe(false);
    }
  });

  it("lets a guest draft's token holder in, and nobody by a missing owner", () => {
    const guestDraft = { ownerId: null, holdsToken: false, ...PROGRAM };
    expect(can(null, "submission:edit", { ...guestDraft, holdsToken: true })).toBe(true);
    expect(can(null, "submission:edit", guestDraft)).toBe(false);
    expect(can(ACTORS.applicant, "submission:edit", guestDraft)).toBe(false);
    expect(can(ACTORS.applicant, "submission:listOwn", { userId: "someone-else" })).toBe(false);
    const foreign = { ownerId: "u-x", holdsToken: false, programId: "p-9", organizationId: OTHER_ORG };
    expect(can(ACTORS.otherOrgAdmin, "submission:edit", { ...guestDraft })).toBe(false);
    expect(can(ACTORS.orgAdmin, "submission:edit", foreign)).toBe(false);
  });

  it("lets members read candidates open to them, never drafts or tests, and nobody review in an archived program", () => {
    const open = { ...PROGRAM, visibleToReviewer: true, draftOrTest: false };
    for (const name of ["guest", "reviewer"] as const) {
      expect(can(ACTORS[name], "candidate:read", open)).toBe(true);
      expect(can(ACTORS[name], "candidate:read", { ...open, draftOrTest: true })).toBe(false);
    }
    for (const name of ALL) {
      expect(can(ACTORS[name], "review:write", { ...open, draftOrTest: true, archived: false })).toBe(false);
    }
    expect(can(ACTORS.reviewer, "review:write", { ...open, visibleToReviewer: false, archived: false })).toBe(
      false,
    );
    expect(
      can(ACTORS.adminReviewer, "review:write", { ...open, visibleToReviewer: false, archived: false }),
    ).toBe(true);
    for (const name of ALL) {
      expect(can(ACTORS[name], "review:write", { ...open, archived: true })).toBe(false);
      expect(can(ACTORS[name], "ranking:write", { ...PROGRAM, archived: true })).toBe(false);
    }
    const foreign = {
      programId: "p-9",
      organizationId: OTHER_ORG,
      visibleToReviewer: true,
      draftOrTest: false,
    };
    expect(can(ACTORS.orgAdmin, "candidate:read", foreign)).toBe(false);
    expect(can(ACTORS.reviewer, "candidate:read", foreign)).toBe(false);
    expect(can(ACTORS.otherOrgAdmin, "candidate:list", PROGRAM)).toBe(false);
  });

  it("gives an organization admin nothing in another organization's program", () => {
    const foreign = { programId: "p-9", organizationId: OTHER_ORG };
    expect(can(ACTORS.orgAdmin, "program:view", foreign)).toBe(false);
    expect(can(ACTORS.orgAdmin, "program:administer", foreign)).toBe(false);
    expect(can(ACTORS.orgAdmin, "organization:administer", { organizationId: OTHER_ORG })).toBe(false);
    expect(can(ACTORS.orgAdmin, "program:manage", { organizationId: OTHER_ORG })).toBe(false);
    expect(can(ACTORS.orgAdmin, "audit:read", { organizationId: OTHER_ORG })).toBe(false);
    expect(can(ACTORS.orgAdmin, "reviewTemplate:manage", { organizationId: OTHER_ORG })).toBe(false);
    for (const action of ["committee:assign", "candidate:decide", "committee:email", "export:run"] as const) {
      expect(can(ACTORS.orgAdmin, action, foreign)).toBe(false);
    }
  });

  it("gives a member of one program nothing in another program of the same organization", () => {
    const sibling = { programId: "p-2", organizationId: ORG };
    expect(can(ACTORS.admin, "program:view", sibling)).toBe(false);
    expect(can(ACTORS.admin, "program:administer", sibling)).toBe(false);
    for (const action of ["committee:assign", "candidate:decide", "committee:email", "export:run"] as const) {
      expect(can(ACTORS.adminReviewer, action, sibling)).toBe(false);
    }
  });
});
