/**
 * The three better-auth calls every page may need (read the session, sign in with a password, sign
 * out) as plain same-origin requests. The applicant's pages use these instead of better-auth's
 * client, which would add its weight to the applicant bundle; the sign-in card's other steps (reset
 * password) still use the client.
 */
export interface AuthFailure {
  status: number;
  code: string | undefined;
  message: string | undefined;
}

async function authFetch(path: string, body?: unknown): Promise<Response> {
  return fetch(`/api/auth${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    // A GET sends no headers of its own: the browser hands a request the answer of the HTML's
    // `<link rel="preload" as="fetch">` for the session only when its headers are the preload's
    // (docs/decisions/042-signed-in-first-paint.md). The answer is JSON either way.
    headers: body === undefined ? {} : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function failureOf(response: Response): Promise<AuthFailure> {
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  return { status: response.status, code: body?.code, message: body?.message };
}

/** The signed-in user, or null; throws the failure when the server cannot say. */
export async function fetchAuthSession(): Promise<{ id: string; email: string; name: string } | null> {
  const response = await authFetch("/get-session");
  if (!response.ok) throw await failureOf(response);
  const body = (await response.json().catch(() => null)) as {
    user?: { id: string; email: string; name: string };
  } | null;
  return body?.user ? { id: body.user.id, email: body.user.email, name: body.user.name } : null;
}

export async function signInWithPassword(
  email: string,
  password: string,
): Promise<{ error: AuthFailure | null }> {
  const response = await authFetch("/sign-in/email", { email, password });
  return { error: response.ok ? null : await failureOf(response) };
}

export async function signOutOfSession(): Promise<void> {
  await authFetch("/sign-out", {});
}
