import { createContext, type ReactNode, useContext } from "react";
import type { Session } from "./session";

export type SignedInSession = Extract<Session, { status: "signedIn" }>;

const SignedInSessionContext = createContext<SignedInSession | null>(null);

/** The route guard provides the checked session, so pages behind it never handle "not signed in". */
export function SignedInSessionProvider({
  session,
  children,
}: {
  session: SignedInSession;
  children: ReactNode;
}) {
  return <SignedInSessionContext.Provider value={session}>{children}</SignedInSessionContext.Provider>;
}

export function useSignedInSession(): SignedInSession {
  const session = useContext(SignedInSessionContext);
  if (session === null) throw new Error("useSignedInSession is only available on guarded pages");
  return session;
}
