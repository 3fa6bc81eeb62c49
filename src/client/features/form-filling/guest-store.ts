import { browserStorage, type KeyValueStorage } from "../../lib/browser-storage";

/**
 * What this browser keeps for a guest: a draft's token (its only key: `dh:guest:{submissionId}`)
 * and which draft a form link leads back to (`dh:link:{linkId}`), so reopening the link resumes it.
 */
export const guestTokenKey = (submissionId: string) => `dh:guest:${submissionId}`;
export const linkSubmissionKey = (linkId: string) => `dh:link:${linkId}`;

export interface GuestStore {
  token(submissionId: string): string | null;
  submissionForLink(linkId: string): string | null;
  /** A guest's new draft: its token, and the link that leads back to it. */
  remember(linkId: string, submissionId: string, token: string): void;
  /** The draft became an account's (claimed): the token no longer opens it. */
  forgetToken(submissionId: string): void;
  /** The draft is no longer opened by this browser's token (claimed, or refused): forget the link too. */
  forget(linkId: string, submissionId: string): void;
}

function get(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function run(action: () => void) {
  try {
    action();
  } catch {
    // Storage refused (private mode, full): the draft still works while the page stays open.
  }
}

export function createGuestStore(storage: KeyValueStorage | null): GuestStore {
  return {
    token: (submissionId) => get(storage, guestTokenKey(submissionId)),
    submissionForLink: (linkId) => get(storage, linkSubmissionKey(linkId)),
    remember(linkId, submissionId, token) {
      run(() => storage?.setItem(guestTokenKey(submissionId), token));
      run(() => storage?.setItem(linkSubmissionKey(linkId), submissionId));
    },
    forgetToken(submissionId) {
      run(() => storage?.removeItem(guestTokenKey(submissionId)));
    },
    forget(linkId, submissionId) {
      run(() => storage?.removeItem(guestTokenKey(submissionId)));
      if (get(storage, linkSubmissionKey(linkId)) === submissionId)
        run(() => storage?.removeItem(linkSubmissionKey(linkId)));
    },
  };
}

/** The browser's store (a memory-less stand-in when storage is refused). */
export const guestStore: GuestStore = createGuestStore(browserStorage());
