import { apiGet, apiPath } from "../../lib/api-client";
import { lazySchemasOf } from "../../lib/lazy-schema";
import { userKeys } from "../../lib/query-keys";

// Loaded with the first call (docs/decisions/043-zod-off-the-first-paint.md).
const submissions = lazySchemasOf(() => import("../../../shared/schemas/submissions"));

/**
 * The portal's page size (forms-and-applicants, "9. Business constants and limits": applicant table page size
 * 5).
 */
export const PORTAL_PAGE_SIZE = 5;

export const applicantKeys = {
  /** Under the user's keys: signing out forgets them with the rest. */
  applications: (userId: string, page: number) => [...userKeys.all(userId), "applications", page] as const,
  allApplications: (userId: string) => [...userKeys.all(userId), "applications"] as const,
};

/** One page of the applicant's applications, newest first (the server's order). */
export function fetchApplications(userId: string, page: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PORTAL_PAGE_SIZE) });
  return apiGet(
    `${apiPath`/api/submissions/applicant/${userId}`}?${query.toString()}`,
    submissions("portalResultSchema"),
  );
}
