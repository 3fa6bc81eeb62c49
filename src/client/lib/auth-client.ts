import { createAuthClient } from "better-auth/react";

/** better-auth's browser client, pointed at the API server's auth handler on the same origin. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: "/api/auth",
});
