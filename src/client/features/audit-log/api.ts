import { useInfiniteQuery } from "@tanstack/react-query";
import { auditListResultSchema } from "../../../shared/schemas/audit";
import { apiGet } from "../../lib/api-client";
import { userKeys } from "../../lib/query-keys";
import { type AuditQuery, auditEventsPath } from "./audit-format";

/** Kept under the viewer's keys: signing out forgets the log with the rest. */
export const auditKeys = {
  list: (userId: string, organizationId: string, query: AuditQuery) =>
    [...userKeys.all(userId), "auditEvents", organizationId, query] as const,
};

/** The organization's audit log for these filters, a page at a time ("Load more" asks for the next). */
export function useAuditEvents(userId: string, organizationId: string, query: AuditQuery) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(userId, organizationId, query),
    queryFn: ({ pageParam }) =>
      apiGet(auditEventsPath(organizationId, query, pageParam), auditListResultSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
