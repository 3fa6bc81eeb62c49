/**
 * What an emailed link to the sign-in card carries: invitation emails link to `/login?email=…`, and for a
 * person without a password yet to `/login?email=…&invite=…` (a token to choose their password with).
 */
export interface SignInLink {
  email: string;
  inviteToken: string | null;
}

export function readSignInLink(searchParams: URLSearchParams): SignInLink {
  const inviteToken = searchParams.get("invite")?.trim() ?? "";
  return {
    email: searchParams.get("email")?.trim() ?? "",
    inviteToken: inviteToken === "" ? null : inviteToken,
  };
}

/** The link without its invitation, once that is used or refused, so a reload shows the login step. */
export function withoutInvite(searchParams: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(searchParams);
  rest.delete("invite");
  return rest;
}
