import { useQuery } from "@tanstack/react-query";
import { mailboxResultSchema } from "../../../shared/schemas/support";
import { apiGet } from "../../lib/api-client";

/** Mail kept in the outbox when no provider is configured; the endpoint exists only outside production. */
export function useDevMailbox() {
  return useQuery({
    queryKey: ["dev", "mailbox"],
    queryFn: () => apiGet("/api/dev/mailbox", mailboxResultSchema),
    select: (result) => result.messages,
    // A development tool: the page shows its own failures (404 in production) instead of the error page.
    meta: { handlesErrors: true },
  });
}
