import {
  applicantEmail,
  DECISION_AMOUNT,
  inviteeEmail,
  markerText,
  type OrgKey,
  type RoleInOrg,
  type World,
} from "./world";

/**
 * Who may read which private text, whatever the route: a response to an actor must contain none of
 * the markers outside their set. Everything of one organization is invisible to the other one. The
 * withheld admin reads none of them: its one role in A is withheld (actors.ts), and nothing of its own
 * account is a marker.
 */

/** The holder of the guest draft's token plays a part of their own. */
export type Reader = RoleInOrg | "draftHolder";

const ADMINS: Reader[] = ["adminReviewer", "programAdmin", "orgAdmin"];
/** Everyone on the committee sees a candidate assigned to no one (guests read it too). */
const COMMITTEE: Reader[] = ["guest", "assigned", "unassigned", "grouped", "adminReviewer"];

/** Each marker of one organization, and who in it may read it. */
const VISIBILITY: { what: string; readers: Reader[] }[] = [
  // The applicant's candidate, assigned to one reviewer: their plain answers and files, never the anonymized ones.
  { what: "owned-identifier", readers: ["owner", "assigned", ...ADMINS] },
  { what: "owned-plain", readers: ["owner", "assigned", ...ADMINS] },
  { what: "owned-plain-file", readers: ["owner", "assigned", ...ADMINS] },
  { what: "owned-hidden", readers: ["owner", ...ADMINS] },
  { what: "owned-hidden-file", readers: ["owner", ...ADMINS] },
  // The other applicant's candidate, assigned to a group.
  { what: "grouped-identifier", readers: ["otherApplicant", "grouped", ...ADMINS] },
  { what: "grouped-plain", readers: ["otherApplicant", "grouped", ...ADMINS] },
  { what: "grouped-hidden", readers: ["otherApplicant", ...ADMINS] },
  // Assigned to no one: the whole committee reads its plain answers.
  { what: "open-identifier", readers: [...COMMITTEE, ...ADMINS] },
  { what: "open-plain", readers: [...COMMITTEE, ...ADMINS] },
  { what: "open-hidden", readers: ADMINS },
  // The guest's draft: its token holder and the program's admins; reviewers never see drafts.
  { what: "draft-identifier", readers: ["draftHolder", ...ADMINS] },
  { what: "draft-plain", readers: ["draftHolder", ...ADMINS] },
  { what: "draft-hidden", readers: ["draftHolder", ...ADMINS] },
  { what: "draft-file", readers: ["draftHolder", ...ADMINS] },
  // Comments: their author's own words; the program's admins read them all.
  { what: "comment-by-assigned", readers: ["assigned", ...ADMINS] },
  { what: "comment-by-adminReviewer", readers: ADMINS },
  { what: "comment-by-grouped", readers: ["grouped", ...ADMINS] },
  { what: "comment-by-unassigned", readers: ["unassigned", ...ADMINS] },
  // Committee business.
  { what: "group-name", readers: ADMINS },
  // The organization's review templates (docs/decisions/040-review-templates.md): its admin's alone.
  { what: "template-name", readers: ["orgAdmin"] },
  // An export is its requester's alone, even among the program's admins.
  { what: "export-content", readers: ["programAdmin"] },
];

export interface Marker {
  org: OrgKey;
  text: string;
  readers: Reader[];
}

/** Every marker of the world, with its readers. */
export function markersOf(world: World): Marker[] {
  const markers: Marker[] = [];
  for (const org of ["A", "B"] as const) {
    const o = world[org];
    for (const { what, readers } of VISIBILITY) markers.push({ org, text: markerText(org, what), readers });
    markers.push(
      { org, text: applicantEmail(org, "owner"), readers: ["owner", ...ADMINS] },
      { org, text: applicantEmail(org, "otherApplicant"), readers: ["otherApplicant", ...ADMINS] },
      // A pending invitation: the program's admins see its address; the invitee is nobody here yet.
      { org, text: inviteeEmail(org), readers: ADMINS },
      // Serialized as JSON numbers: 98765.43.
      { org, text: String(DECISION_AMOUNT[org]), readers: ADMINS },
      // The export's id names it in its links: its requester's alone (the audit log names it to the organization admin).
      { org, text: o.exportJob.id, readers: ["programAdmin", "orgAdmin"] },
    );
  }
  return markers;
}

/** What the actor may never read: every marker outside their part in their own organization. */
export function forbiddenFor(markers: Marker[], reader: { org: OrgKey; part: Reader } | null): string[] {
  return markers
    .filter((m) => reader === null || m.org !== reader.org || !m.readers.includes(reader.part))
    .map((m) => m.text);
}
