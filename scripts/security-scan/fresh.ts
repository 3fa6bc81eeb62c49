import { setTimeout as sleep } from "node:timers/promises";
import { type ApiTarget, must } from "./api";
import type { Demo } from "./demo";
import type { Sessions } from "./sessions";

/**
 * Objects made for one scanned endpoint alone: a call that deletes, renames, archives, unpublishes or
 * claims something gets its own, so that the demo data the other endpoints are scanned against stays
 * as seeded (and the scan of one endpoint does not decide what the next one finds).
 */

/** The smallest file the applicants' file question takes (PDF only): a header and an end marker. */
export const SCAN_PDF = "%PDF-1.4\n%%EOF\n";

interface FormAnswer {
  form: {
    _id: string;
    revision: number;
    content?: unknown;
    sections: { _id: string; sectionType: string; questions: { type: string }[] }[];
  } & Record<string, unknown>;
}

export interface ScratchForm {
  programId: string;
  formId: string;
  revision: number;
  /** The form as the editor loads it: the content to send back with PUT. */
  form: FormAnswer["form"];
}

export interface GuestDraft {
  id: string;
  token: string;
}

export class Fresh {
  private count = 0;

  constructor(
    private readonly target: ApiTarget,
    private readonly sessions: Sessions,
    private readonly demo: Demo,
  ) {}

  private as(role: keyof Sessions) {
    const cookie = this.sessions[role].cookie;
    return <T>(method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
      must<T>(this.target, cookie, method, path, { json, headers });
  }

  /** A name or an address nobody has used yet in this scan. */
  name(what: string): string {
    return `${what} ${++this.count}`;
  }

  email(): string {
    return `scan-${Date.now().toString(36)}-${++this.count}@scan.test`;
  }

  async program(): Promise<string> {
    const { program } = await this.as("orgAdmin")<{ program: { id: string } }>("POST", "/api/programs", {
      displayName: this.name("Scan program"),
    });
    return program.id;
  }

  /** A new program's form (a program comes with one), as a draft, published or closed. */
  async scratchForm(state: "draft" | "published" | "closed"): Promise<ScratchForm> {
    const admin = this.as("orgAdmin");
    const programId = await this.program();
    const load = async () => (await admin<FormAnswer>("GET", `/api/forms/program/${programId}`)).form;
    let form = await load();
    if (state !== "draft") {
      await admin("POST", `/api/forms/${form._id}/publish`, { revision: form.revision });
      if (state === "closed") await admin("POST", `/api/forms/${form._id}/close`, {});
      form = await load();
    }
    return { programId, formId: form._id, revision: form.revision, form };
  }

  /** A committee member invited to the demo program (invitation pending). */
  async member(): Promise<string> {
    const { user } = await this.as("orgAdmin")<{ user: { userId: string } }>(
      "POST",
      `/api/programs/${this.demo.programId}/user`,
      { email: this.email(), role: "REVIEWER" },
    );
    return user.userId;
  }

  async group(): Promise<string> {
    const group = await this.as("orgAdmin")<{ _id: string }>("POST", "/api/reviewerGroups", {
      programId: this.demo.programId,
      name: this.name("Scan group"),
    });
    return group._id;
  }

  /** A comment of Ada's (a committee member) on the candidate open to everyone. */
  async comment(): Promise<{ id: string }> {
    const comment = await this.as("adminReviewer")<{ _id: string }>("POST", "/api/reviews/comments", {
      submissionId: this.demo.candidates.open,
      sectionId: this.demo.sectionId,
      value: this.name("Scan comment"),
    });
    return { id: comment._id };
  }

  /** An export of the demo program by the organization admin; `ready` waits until its file is made. */
  async exportJob(ready: boolean): Promise<{ id: string; downloadUrl: string | null }> {
    const admin = this.as("orgAdmin");
    const job = await admin<{ _id: string }>("POST", "/api/exports", {
      programId: this.demo.programId,
      kind: "data",
      format: "csv",
    });
    const deadline = Date.now() + 60_000;
    while (true) {
      const { exports } = await admin<{ exports: { _id: string; status: string; downloadUrl?: string }[] }>(
        "GET",
        `/api/exports?programId=${this.demo.programId}`,
      );
      const mine = exports.find((e) => e._id === job._id);
      if (!ready || mine?.downloadUrl) return { id: job._id, downloadUrl: mine?.downloadUrl ?? null };
      if (mine?.status === "failed" || Date.now() > deadline) {
        throw new Error(`The export made for the scan did not finish (${mine?.status ?? "gone"}).`);
      }
      await sleep(250);
    }
  }

  /** A guest's draft on the demo form (no account: the token is what opens it). */
  async guestDraft(): Promise<GuestDraft> {
    const draft = await must<{ submissionId: string; token: string }>(
      this.target,
      undefined,
      "POST",
      "/api/submissions",
      { json: { linkId: this.demo.linkId } },
    );
    return { id: draft.submissionId, token: draft.token };
  }

  /** The address (token) a guest's file goes to: the file question of the demo form. */
  async uploadToken(draft: GuestDraft): Promise<string> {
    const query = new URLSearchParams({
      submissionId: draft.id,
      questionId: this.demo.fileQuestionId,
      filename: "scan.pdf",
      size: String(SCAN_PDF.length),
    });
    const { uploadUrl } = await must<{ uploadUrl: string }>(
      this.target,
      undefined,
      "GET",
      `/api/files/signedUrl/private/putObject?${query}`,
      { headers: { "x-submission-token": draft.token } },
    );
    return tokenOf(uploadUrl, "/api/files/upload/");
  }

  /** A file uploaded to a guest's draft (its id is the `name` the delete call takes). */
  async draftFile(draft: GuestDraft): Promise<string> {
    const token = await this.uploadToken(draft);
    const file = await must<{ _id: string }>(this.target, undefined, "PUT", `/api/files/upload/${token}`, {
      raw: { bytes: new TextEncoder().encode(SCAN_PDF), contentType: "application/pdf" },
      headers: { "x-submission-token": draft.token },
    });
    return file._id;
  }

  /** A download address (token) for the demo candidate's file, signed for the organization admin. */
  async downloadToken(): Promise<string> {
    const { url } = await this.as("orgAdmin")<{ url: string }>(
      "GET",
      `/api/files/signedUrl/private/getObject?fileId=${this.demo.fileId}`,
    );
    return tokenOf(url, "/api/files/download/");
  }
}

function tokenOf(url: string, prefix: string): string {
  const at = url.indexOf(prefix);
  if (at < 0) throw new Error(`Unexpected file address: ${url}`);
  return url.slice(at + prefix.length).split("?")[0]!;
}
