import { type ApiTarget, must } from "./api";
import type { Sessions } from "./sessions";

/**
 * The demo data's ids, read through the API as its people see it: what the scanned requests name so
 * that they reach the handlers' real work (a made-up id stops at the first lookup).
 */
export interface Demo {
  orgId: string;
  plans: { enterprise: string; foundation: string };
  programId: string;
  archivedProgramId: string;
  formId: string;
  /** The published form's applicant link. */
  linkId: string;
  /** A Decision Criteria section with criteria, and the form's file question. */
  sectionId: string;
  fileQuestionId: string;
  /** Candidates (submitted applications) of the demo program. */
  candidates: {
    /** Assigned to the whole committee (Ada reviews it). */
    open: string;
    /** Another one, for the calls that change a candidate (status, test mark, assignments). */
    changed: string;
    /** Ann Applicant's own application. */
    ann: string;
  };
  groupId: string;
  /** A candidate's uploaded file (the budget document). */
  fileId: string;
}

interface ProgramsAnswer {
  programs: { id: string; archived: boolean; name: string }[];
}
interface FormAnswer {
  form: {
    _id: string;
    submissionLinks: { _id: string }[];
    sections: {
      _id: string;
      sectionType: string;
      criteria: unknown[];
      questions: { _id: string; type: string }[];
    }[];
  };
}
interface SubmissionsAnswer {
  submissions: { _id: string; identifier: string }[];
}
interface SubmissionAnswer {
  submission: { files: { _id: string }[] };
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The demo data has no ${what}.`);
  return value;
}

export async function loadDemo(target: ApiTarget, sessions: Sessions): Promise<Demo> {
  const admin = sessions.orgAdmin;
  const get = <T>(path: string) => must<T>(target, admin.cookie, "GET", path);
  const { programs } = await get<ProgramsAnswer>(`/api/users/${admin.userId}/programs`);
  const program = found(
    programs.find((p) => !p.archived),
    "current program",
  );
  const archived = found(
    programs.find((p) => p.archived),
    "archived program",
  );
  const me = await get<{ adminOrganization: string }>(`/api/users/${admin.userId}`);
  const { plans } = await get<{ plans: { _id: string; name: string }[] }>("/api/plans");
  const planId = (name: string) => found(plans.find((p) => p.name === name)?._id, `${name} plan`);
  const { form } = await get<FormAnswer>(`/api/forms/program/${program.id}`);
  const decision = found(
    form.sections.find((s) => s.sectionType === "Decision Criteria" && s.criteria.length > 0),
    "section with criteria",
  );
  const fileQuestion = found(
    form.sections.flatMap((s) => s.questions).find((q) => q.type === "FILE_UPLOAD"),
    "file question",
  );
  const { submissions } = await get<SubmissionsAnswer>(`/api/submissions/all/${program.id}`);
  const byName = (identifier: string) =>
    found(submissions.find((s) => s.identifier === identifier)?._id, `application of ${identifier}`);
  // Names from src/server/demo/demo-candidates.ts and seed.ts.
  const open = byName("Harbour Food Bank");
  const groups = await get<{ _id: string }[]>(`/api/reviewerGroups/${program.id}`);
  const { submission } = await get<SubmissionAnswer>(`/api/submissions/${open}`);
  return {
    orgId: me.adminOrganization,
    plans: { enterprise: planId("Enterprise"), foundation: planId("Foundation") },
    programId: program.id,
    archivedProgramId: archived.id,
    formId: form._id,
    linkId: found(form.submissionLinks[0]?._id, "applicant link"),
    sectionId: decision._id,
    fileQuestionId: fileQuestion._id,
    candidates: {
      open,
      changed: byName("Little Library Network"),
      ann: byName("Riverside Youth Theatre"),
    },
    groupId: found(groups[0]?._id, "reviewer group"),
    fileId: found(submission.files[0]?._id, "uploaded file"),
  };
}
