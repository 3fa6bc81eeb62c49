import type { Answer } from "../../../shared/forms/answers";
import type { Language } from "../../../shared/i18n/catalog";
import { errorBodySchema, okSchema } from "../../../shared/schemas/common";
import {
  autofillResultSchema,
  createSubmissionResultSchema,
  fileDownloadGrantSchema,
  fileUploadGrantSchema,
  formLinkResultSchema,
  SUBMISSION_TOKEN_HEADER,
  type SubmissionFile,
  saveAnswersResultSchema,
  submissionDateResultSchema,
  submissionFileSchema,
  submissionResultSchema,
} from "../../../shared/schemas/submissions";
import { ApiError, apiGet, apiPath, apiSend } from "../../lib/api-client";

/**
 * Every call of the applicant side (issue 5). A guest's draft is reached with its token, sent as
 * the `x-submission-token` header on each submission and file call; signed-in users by their session.
 */
export type Token = string | null;

export function tokenHeaders(token: Token): Record<string, string> | undefined {
  return token === null ? undefined : { [SUBMISSION_TOKEN_HEADER]: token };
}

export const submissionKeys = {
  link: (linkId: string) => ["formLinks", linkId] as const,
  /** Under the viewer (or "guest"): another user signing in never sees this one's cached submission. */
  submission: (viewer: string, submissionId: string) => ["submissions", viewer, submissionId] as const,
  claim: (viewer: string, submissionId: string) => ["submissions", viewer, submissionId, "claim"] as const,
};

export const submissionApi = {
  link: (linkId: string) => apiGet(apiPath`/api/forms/link/${linkId}`, formLinkResultSchema),
  open: (linkId: string) => apiSend("POST", "/api/submissions", { linkId }, createSubmissionResultSchema),
  get: (submissionId: string, token: Token) =>
    apiGet(apiPath`/api/submissions/${submissionId}`, submissionResultSchema, {
      headers: tokenHeaders(token),
    }),
  save: (submissionId: string, revision: number, answers: readonly Answer[], token: Token) =>
    apiSend(
      "PATCH",
      apiPath`/api/submissions/${submissionId}`,
      { revision, answers },
      saveAnswersResultSchema,
      {
        headers: tokenHeaders(token),
      },
    ),
  setSubmitted: (
    submissionId: string,
    submitted: boolean,
    revision: number,
    token: Token,
    language: Language,
  ) =>
    apiSend(
      "PATCH",
      `${apiPath`/api/submissions/submissionDate/${submissionId}`}?lang=${language}`,
      { submitted, revision },
      submissionDateResultSchema,
      { headers: tokenHeaders(token) },
    ),
  claim: (submissionId: string, token: string) =>
    apiSend("POST", apiPath`/api/submissions/${submissionId}/claim`, undefined, okSchema, {
      headers: tokenHeaders(token),
    }),
  autofill: (submissionId: string, token: Token) =>
    apiSend("POST", apiPath`/api/submissions/${submissionId}/autofill`, undefined, autofillResultSchema, {
      headers: tokenHeaders(token),
    }),
  deleteFile: (fileId: string, token: Token) =>
    apiSend("POST", apiPath`/api/files/delete/${fileId}`, undefined, okSchema, {
      headers: tokenHeaders(token),
    }),
  fileUrl: (fileId: string, token: Token) =>
    apiGet(
      `/api/files/signedUrl/private/getObject?${new URLSearchParams({ fileId }).toString()}`,
      fileDownloadGrantSchema,
      { headers: tokenHeaders(token) },
    ),
};

function errorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(status, code, message, fields);
  }
  return new ApiError(status, `HTTP_${status}`, statusText);
}

/** Lets the browser save a blob or an address under a name. */
export function saveAs(href: string, filename: string) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The application as a PDF, saved as `{identifier}.pdf` (or application.pdf). */
export async function downloadPdf(
  submissionId: string,
  identifier: string,
  language: Language,
  token: Token,
): Promise<void> {
  const response = await fetch(
    `${apiPath`/api/submissions/${submissionId}/pdf`}?${new URLSearchParams({ lang: language }).toString()}`,
    { credentials: "same-origin", headers: { Accept: "application/pdf", ...tokenHeaders(token) } },
  );
  if (!response.ok) {
    throw errorFromBody(response.status, response.statusText, await response.json().catch(() => null));
  }
  const url = URL.createObjectURL(await response.blob());
  const name = identifier.trim().replace(/[\\/:*?"<>|]+/g, "-") || "application";
  saveAs(url, `${name}.pdf`);
  // The click has started the download; the address is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a stored file through its short-lived download address (served as an attachment). */
export async function downloadFile(file: SubmissionFile, token: Token): Promise<void> {
  const { url } = await submissionApi.fileUrl(file._id, token);
  saveAs(url, file.name);
}

/**
 * Uploads one file for a question: an upload address first (the server checks count, type and size),
 * then the bytes, with progress. Resolves with the stored file, already attached to the question.
 */
export async function uploadFile(
  submissionId: string,
  questionId: string,
  file: File,
  token: Token,
  onProgress: (fraction: number) => void,
): Promise<SubmissionFile> {
  const query = new URLSearchParams({
    submissionId,
    questionId,
    filename: file.name,
    size: String(file.size),
  });
  const grant = await apiGet(
    `/api/files/signedUrl/private/putObject?${query.toString()}`,
    fileUploadGrantSchema,
    {
      headers: tokenHeaders(token),
    },
  );
  return new Promise<SubmissionFile>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", grant.uploadUrl);
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    if (token !== null) request.setRequestHeader(SUBMISSION_TOKEN_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status < 200 || request.status >= 300) {
        reject(errorFromBody(request.status, request.statusText, body));
        return;
      }
      const parsed = submissionFileSchema.safeParse(body);
      if (parsed.success) {
        onProgress(1);
        resolve(parsed.data);
      } else reject(new ApiError(502, "INVALID_RESPONSE", "Unexpected response from the upload"));
    };
    request.onerror = () => reject(new TypeError("The upload could not reach the server"));
    request.onabort = () => reject(new TypeError("The upload was interrupted"));
    request.send(file);
  });
}
