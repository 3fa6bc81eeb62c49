import type { QueryClient } from "@tanstack/react-query";
import type { UserProgram } from "../../shared/schemas/users";

/** What a page's first reads are asked with: who is signed in, the page's address and their current program. */
export interface FirstReadsInput {
  queryClient: QueryClient;
  userId: string;
  /** The address's parameters, as the route's path names them. */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /**
   * The user's current program once it is in (asked beside the page's first reads): null for an applicant,
   * and for a user with no program. Only the reads that need it wait for it.
   */
  currentProgram(): Promise<UserProgram | null>;
}

/**
 * The reads a page makes on its first render, asked before it: into the queries its hooks read, with the same
 * arguments, so that the first render finds them in or on their way (docs/decisions/048-signed-in-data-before-render.md).
 */
export type PageFirstReads = (input: FirstReadsInput) => Promise<unknown>;
