/**
 * What an emailed link to the sign-in card carries: access notes link to `/login?email=…`, invitations to
 * `/login?email=…&invitation=…` (the token that shows and answers the invitation, decision 019).
 */
export interface SignInLink {
  email: string;
  invitationToken: string | null;
}

export function readSignInLink(searchParams: URLSearchParams): SignInLink {
  const invitationToken = searchParams.get("invitation")?.trim() ?? "";
  return {
    email: searchParams.get("email")?.trim() ?? "",
    invitationToken: invitationToken === "" ? null : invitationToken,
  };
}

/** The link without its invitation, once that is answered or unusable, so a reload shows the login step. */
export function withoutInvitation(searchParams: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(searchParams);
  rest.delete("invitation");
  return rest;
}
