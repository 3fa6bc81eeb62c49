import { desc, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFormContent } from "../../shared/forms/defaults";
import type { AuditListResult } from "../../shared/schemas/audit";
import { applyStripeEvent } from "../billing/webhook";
import { emailOutbox, plans } from "../db/schema";
import {
  addMember,
  buildOrg,
  buildProgram,
  buildPublishedForm,
  buildUser,
  type Cast,
  callApi,
  withCastTestApp,
} from "../test/factories";
import type { TestApp } from "../test/harness";
import { personLabel } from "./labels";
import { auditTrail } from "./test/trail";

/**
 * The organization's and the programs' administration (people and roles, programs, plans, settings):
 * each change writes exactly its audit event; a refused change or one that changes nothing writes none.
 */
let t: TestApp;
let cast: Cast;
let cookies: Record<string, string>;
withCastTestApp((app) => {
  ({ t, cast, cookies } = app);
});

let newEvents: ReturnType<typeof auditTrail>;
beforeAll(() => {
  newEvents = auditTrail(t.deps.db, cast.org.id);
});

describe("people and roles", () => {
  it("records a person added, their role changed and their removal; refusals record nothing", async () => {
    // Someone who already works with the organization (a member of another of its programs) is added at
    // once; anyone else is invited (decision 019, the next test).
    const colleague = await buildUser(t.deps.db, { email: "new.person@example.test", name: "New Person" });
    await addMember(t.deps.db, await buildProgram(t.deps.db, cast.org.id), colleague.id, "REVIEWER");
    await newEvents();
    const base = `/api/programs/${cast.program.id}/user`;
    const added = await callApi<{ user: { userId: string } }>(t, "POST", base, cookies.admin, {
      email: "new.person@example.test",
      role: "REVIEWER",
    });
    expect(added.status).toBe(201);
    const userId = added.body.user.userId;
    expect(userId).toBe(colleague.id);
    const member = `${base}/${userId}`;
    expect((await callApi(t, "PATCH", member, cookies.adminReviewer, { role: "GUEST" })).status).toBe(200);
    expect((await callApi(t, "PATCH", member, cookies.adminReviewer, { role: "GUEST" })).status).toBe(200);
    expect((await callApi(t, "DELETE", member, cookies.otherOrgAdmin)).status).toBe(404);
    expect((await callApi(t, "DELETE", member, cookies.reviewer)).status).toBe(404);
    expect((await callApi(t, "DELETE", member, cookies.orgAdmin)).status).toBe(200);
    const again = { email: "new.person@example.test", role: "GUEST" };
    expect(
      (await callApi(t, "POST", base, cookies.admin, { ...again, email: cast.members.GUEST.email })).status,
    ).toBe(409);
    const self = `${base}/${cast.members.ADMIN.id}`;
    expect((await callApi(t, "DELETE", self, cookies.admin)).status).toBe(409);

    const scope = {
      subjectType: "user",
      subjectId: userId,
      subjectLabel: personLabel({ name: "New Person", email: "new.person@example.test" }),
      programId: cast.program.id,
    };
    expect(await newEvents()).toEqual([
      { ...scope, actorUserId: cast.members.ADMIN.id, action: "member.added", details: { role: "REVIEWER" } },
      {
        ...scope,
        actorUserId: cast.members.ADMIN_REVIEWER.id,
        action: "member.role_changed",
        details: { role: { before: "REVIEWER", after: "GUEST" } },
      },
      { ...scope, actorUserId: cast.orgAdmin.id, action: "member.removed", details: { role: "GUEST" } },
    ]);
  });

  it("records an invitation sent, resent, its role changed and its cancelling; refusals record nothing", async () => {
    await newEvents();
    const base = `/api/programs/${cast.program.id}/user`;
    const sent = await callApi<{ invitation: { invitationId: string } }>(t, "POST", base, cookies.admin, {
      email: "stranger@example.test",
      role: "REVIEWER",
    });
    expect(sent.status).toBe(201);
    const invitation = `/api/programs/${cast.program.id}/invitation/${sent.body.invitation.invitationId}`;
    expect((await callApi(t, "POST", `${invitation}/resend`, cookies.adminReviewer)).status).toBe(200);
    expect((await callApi(t, "PATCH", invitation, cookies.admin, { role: "GUEST" })).status).toBe(200);
    expect((await callApi(t, "PATCH", invitation, cookies.admin, { role: "GUEST" })).status).toBe(200);
    expect((await callApi(t, "DELETE", invitation, cookies.otherOrgAdmin)).status).toBe(404);
    expect((await callApi(t, "DELETE", invitation, cookies.reviewer)).status).toBe(404);
    expect((await callApi(t, "DELETE", invitation, cookies.orgAdmin)).status).toBe(200);

    const scope = {
      subjectType: "invitation",
      subjectId: sent.body.invitation.invitationId,
      subjectLabel: "stranger@example.test",
      programId: cast.program.id,
    };
    expect(await newEvents()).toEqual([
      {
        ...scope,
        actorUserId: cast.members.ADMIN.id,
        action: "invitation.sent",
        details: { role: "REVIEWER" },
      },
      {
        ...scope,
        actorUserId: cast.members.ADMIN_REVIEWER.id,
        action: "invitation.sent",
        details: { role: "REVIEWER" },
      },
      {
        ...scope,
        actorUserId: cast.members.ADMIN.id,
        action: "invitation.role_changed",
        details: { role: { before: "REVIEWER", after: "GUEST" } },
      },
      { ...scope, actorUserId: cast.orgAdmin.id, action: "invitation.cancelled", details: { role: "GUEST" } },
    ]);
  });

  it("records an invitation accepted by its invitee and one declined without an account", async () => {
    const invitee = await buildUser(t.deps.db, { email: "invitee.audit@example.test", name: "Ina Vitee" });
    const base = `/api/programs/${cast.program.id}/user`;
    const inviteAndToken = async (email: string) => {
      const sent = await callApi<{ invitation: { invitationId: string } }>(t, "POST", base, cookies.admin, {
        email,
        role: "REVIEWER",
      });
      expect(sent.status).toBe(201);
      const [mail] = await t.deps.db
        .select({ text: emailOutbox.text })
        .from(emailOutbox)
        .where(sql`${email} = any(${emailOutbox.to})`)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      const token = new URL(mail!.text.match(/http\S+/)![0]).searchParams.get("invitation")!;
      return { id: sent.body.invitation.invitationId, token };
    };
    const accepted = await inviteAndToken(invitee.email);
    const declined = await inviteAndToken("nobody.yet@example.test");
    await newEvents();

    const cookie = await t.signIn(invitee.email);
    expect((await callApi(t, "POST", `/api/invitations/${accepted.token}/accept`, cookie)).status).toBe(200);
    expect((await callApi(t, "POST", `/api/invitations/${declined.token}/decline`, undefined)).status).toBe(
      200,
    );
    // Used: answering again changes and records nothing.
    expect((await callApi(t, "POST", `/api/invitations/${declined.token}/decline`, undefined)).status).toBe(
      404,
    );

    const about = (id: string, label: string) => ({
      subjectType: "invitation",
      subjectId: id,
      subjectLabel: label,
      programId: cast.program.id,
      details: { role: "REVIEWER" },
    });
    expect(await newEvents()).toEqual([
      { ...about(accepted.id, invitee.email), actorUserId: invitee.id, action: "invitation.accepted" },
      { ...about(declined.id, "nobody.yet@example.test"), actorUserId: null, action: "invitation.declined" },
    ]);
  });

  it("names a member with a name by name and email", async () => {
    await newEvents();
    const url = `/api/programs/${cast.program.id}/user/${cast.members.GUEST.id}`;
    expect((await callApi(t, "PATCH", url, cookies.admin, { role: "REVIEWER" })).status).toBe(200);
    const [event] = await newEvents();
    expect(event?.subjectLabel).toBe(personLabel({ name: "GUEST person", email: cast.members.GUEST.email }));
  });
});

describe("programs", () => {
  it("records a program's life, and keeps its events readable after it is deleted", async () => {
    await newEvents();
    const created = await callApi<{ program: { id: string } }>(t, "POST", "/api/programs", cookies.orgAdmin, {
      displayName: "Audit Program",
    });
    expect(created.status).toBe(201);
    const id = created.body.program.id;
    const url = `/api/programs/${id}`;
    expect((await callApi(t, "PATCH", `${url}/name`, cookies.orgAdmin, { name: "Audited" })).status).toBe(
      200,
    );
    expect((await callApi(t, "PATCH", `${url}/name`, cookies.orgAdmin, { name: "Audited" })).status).toBe(
      200,
    );
    expect((await callApi(t, "PATCH", `${url}/archived`, cookies.orgAdmin, { archived: true })).status).toBe(
      200,
    );
    expect((await callApi(t, "PATCH", `${url}/archived`, cookies.orgAdmin, { archived: false })).status).toBe(
      200,
    );
    const copy = await callApi<{ program: { id: string } }>(
      t,
      "POST",
      `/api/programs/duplicate/${id}`,
      cookies.orgAdmin,
    );
    expect(copy.status).toBe(201);
    expect((await callApi(t, "DELETE", url, cookies.admin)).status).toBe(404);
    expect((await callApi(t, "DELETE", url, cookies.otherOrgAdmin)).status).toBe(404);
    expect((await callApi(t, "DELETE", url, cookies.orgAdmin)).status).toBe(200);

    const on = (label: string, programId = id) => ({
      actorUserId: cast.orgAdmin.id,
      subjectType: "program",
      subjectId: programId,
      subjectLabel: label,
      programId,
    });
    const copyId = copy.body.program.id;
    expect(await newEvents()).toEqual([
      { ...on("Audit Program"), action: "program.created", details: {} },
      {
        ...on("Audited"),
        action: "program.renamed",
        details: { name: { before: "Audit Program", after: "Audited" } },
      },
      { ...on("Audited"), action: "program.archived", details: {} },
      { ...on("Audited"), action: "program.unarchived", details: {} },
      { ...on("Copy of Audited", copyId), action: "program.duplicated", details: { copiedFrom: "Audited" } },
      { ...on("Audited"), action: "program.deleted", details: {} },
    ]);

    const log = await callApi<AuditListResult>(
      t,
      "GET",
      `/api/organizations/${cast.org.id}/audit-events?programId=${id}`,
      cookies.orgAdmin,
    );
    expect(log.body.events.map((e) => [e.action, e.programName])).toEqual([
      ["program.deleted", "Audited"],
      ["program.unarchived", "Audited"],
      ["program.archived", "Audited"],
      ["program.renamed", "Audited"],
      ["program.created", "Audit Program"],
    ]);
  });
});

describe("forms", () => {
  it("records publishing, unpublishing, closing, reopening and the editing switch; refusals record nothing", async () => {
    const { formId } = await buildPublishedForm(t.deps.db, cast.program, defaultFormContent("Arts form"));
    await newEvents();
    const url = `/api/forms/${formId}`;
    expect((await callApi(t, "POST", `${url}/unpublish`, cookies.admin, { revision: 1 })).status).toBe(200);
    expect((await callApi(t, "POST", `${url}/publish`, cookies.admin, { revision: 1 })).status).toBe(409);
    expect((await callApi(t, "POST", `${url}/publish`, cookies.reviewer, { revision: 2 })).status).toBe(404);
    expect((await callApi(t, "POST", `${url}/publish`, cookies.admin, { revision: 2 })).status).toBe(200);
    expect((await callApi(t, "POST", `${url}/close`, cookies.adminReviewer, {})).status).toBe(200);
    expect((await callApi(t, "POST", `${url}/reopen`, cookies.orgAdmin)).status).toBe(200);
    expect((await callApi(t, "PATCH", `${url}/allow-edit`, cookies.admin, { allowEdit: true })).status).toBe(
      200,
    );
    expect((await callApi(t, "PATCH", `${url}/allow-edit`, cookies.admin, { allowEdit: true })).status).toBe(
      200,
    );

    const on = (actorUserId: string) => ({
      actorUserId,
      subjectType: "form",
      subjectId: formId,
      subjectLabel: "",
      programId: cast.program.id,
    });
    const admin = cast.members.ADMIN.id;
    expect(await newEvents()).toEqual([
      { ...on(admin), action: "form.unpublished", details: {} },
      { ...on(admin), action: "form.published", details: { version: 2 } },
      {
        ...on(cast.members.ADMIN_REVIEWER.id),
        action: "form.closed",
        details: { closeAt: { before: null, after: expect.any(String) } },
      },
      { ...on(cast.orgAdmin.id), action: "form.reopened", details: {} },
      {
        ...on(admin),
        action: "form.editing_changed",
        details: { allowEdit: { before: false, after: true } },
      },
    ]);
  });
});

describe("the organization: plan and settings", () => {
  let org: { id: string; name: string };
  let admin: { id: string; cookie: string };
  let trail: ReturnType<typeof auditTrail>;
  const planId = async (name: string) =>
    (await t.deps.db.select({ id: plans.id }).from(plans).where(eq(plans.name, name)))[0]!.id;

  beforeAll(async () => {
    org = await buildOrg(t.deps.db, { name: "Plan Changers" });
    const user = await buildUser(t.deps.db, { name: "Plan Admin", adminOrganizationId: org.id });
    admin = { id: user.id, cookie: await t.signIn(user.email) };
    trail = auditTrail(t.deps.db, org.id);
  });

  const onOrg = (label: string, actorUserId: string | null) => ({
    actorUserId,
    subjectType: "organization",
    subjectId: org.id,
    subjectLabel: label,
    programId: null,
  });

  it("records a plan switched by the organization admin; the same plan again records nothing", async () => {
    const body = { orgId: org.id, planId: await planId("Starter") };
    expect((await callApi(t, "POST", "/api/organizations/updatePlan", admin.cookie, body)).status).toBe(200);
    expect((await callApi(t, "POST", "/api/organizations/updatePlan", admin.cookie, body)).status).toBe(409);
    expect((await callApi(t, "POST", "/api/organizations/updatePlan", cookies.orgAdmin, body)).status).toBe(
      404,
    );
    expect(await trail()).toEqual([
      {
        ...onOrg("Plan Changers", admin.id),
        action: "plan.changed",
        details: { plan: { before: "Foundation", after: "Starter" }, source: "manual" },
      },
    ]);
  });

  it("records a plan paid through Stripe as the product's doing, once", async () => {
    const event = {
      id: "evt_audit_1",
      object: "event",
      type: "checkout.session.completed",
      created: 1_790_000_000,
      data: {
        object: {
          id: "cs_audit",
          object: "checkout.session",
          payment_status: "paid",
          subscription: "sub_audit",
          metadata: { organizationId: org.id, planId: await planId("Enterprise") },
        },
      },
    } as unknown as Stripe.Event;
    expect(await applyStripeEvent(t.deps.db, event)).toBe("applied");
    expect(await applyStripeEvent(t.deps.db, event)).toBe("duplicate");
    expect(await trail()).toEqual([
      {
        ...onOrg("Plan Changers", null),
        action: "plan.changed",
        details: { plan: { before: "Starter", after: "Enterprise" }, source: "stripe" },
      },
    ]);
  });

  it("records the settings that changed, before and after; a refusal or an unchanged save records nothing", async () => {
    const body = { orgId: org.id, name: "Plan Changers Trust", increment: 0.5 };
    expect((await callApi(t, "POST", "/api/organizations/updateOrg", cookies.orgAdmin, body)).status).toBe(
      404,
    );
    expect((await callApi(t, "POST", "/api/organizations/updateOrg", admin.cookie, body)).status).toBe(200);
    expect((await callApi(t, "POST", "/api/organizations/updateOrg", admin.cookie, body)).status).toBe(200);
    expect(
      (await callApi(t, "POST", "/api/organizations/updateOrg", admin.cookie, { ...body, increment: 3 }))
        .status,
    ).toBe(400);
    expect(await trail()).toEqual([
      {
        ...onOrg("Plan Changers Trust", admin.id),
        action: "organization.updated",
        details: {
          name: { before: "Plan Changers", after: "Plan Changers Trust" },
          increment: { before: 1, after: 0.5 },
        },
      },
    ]);
  });
});
