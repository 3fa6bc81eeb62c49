import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { isLanguage, type Language } from "../../shared/i18n/catalog";
import type { UserProfile } from "../../shared/schemas/users";
import { apiPath, apiSend } from "./api-client";
import { browserStorage } from "./browser-storage";
import { lazySchemasOf } from "./lazy-schema";
import { userKeys } from "./query-keys";
import { useSession } from "./session";

// Loaded with the first save of a language (docs/decisions/043-zod-off-the-first-paint.md).
const common = lazySchemasOf(() => import("../../shared/schemas/common"));

/** Where the applicant's choice of English or French is kept between visits. */
export const LANGUAGE_KEY = "dh:language";

function storedChoice(): Language | null {
  try {
    const stored = browserStorage()?.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // Storage refused.
  }
}

function storeChoice(language: Language) {
  try {
    browserStorage()?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Kept for this page only.
  }
}

/** The stored choice; else French when the browser prefers it; else English. */
export function initialLanguage(): Language {
  const stored = storedChoice();
  if (stored) return stored;
  if (typeof navigator !== "undefined" && navigator.language.toLowerCase().startsWith("fr")) return "fr";
  return "en";
}

/** Keeps the choice with the account (docs/decisions/028); a failure leaves this browser's copy. */
function saveWithAccount(userId: string, language: Language) {
  return apiSend("PATCH", apiPath`/api/users/${userId}/language`, { language }, common("okSchema")).catch(
    () => undefined,
  );
}

/**
 * The applicant's language, remembered in this browser ("dh:language") and, once signed in, with their
 * account: a choice made on another browser or before the last sign-in follows them (docs/decisions/028).
 */
export function useStoredLanguage(): [Language, (language: Language) => void] {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session.status === "signedIn" ? session.user.id : null;
  const accountLanguage = session.status === "signedIn" ? session.profile.language : null;

  // Signed in: the account's choice wins; an account with none takes the choice made in this browser.
  useEffect(() => {
    if (userId === null) return;
    if (accountLanguage !== null) {
      setLanguageState(accountLanguage);
      storeChoice(accountLanguage);
      return;
    }
    const chosen = storedChoice();
    if (chosen !== null) void saveWithAccount(userId, chosen);
  }, [userId, accountLanguage]);

  const setLanguage = useCallback(
    (next: Language) => {
      setLanguageState(next);
      storeChoice(next);
      if (userId === null) return;
      queryClient.setQueryData<UserProfile>(userKeys.profile(userId), (profile) =>
        profile ? { ...profile, language: next } : profile,
      );
      void saveWithAccount(userId, next);
    },
    [userId, queryClient],
  );
  // The page's language, for screen readers and the browser's own spelling and hyphenation.
  useEffect(() => {
    const before = document.documentElement.lang;
    document.documentElement.lang = language;
    return () => {
      document.documentElement.lang = before;
    };
  }, [language]);
  return [language, setLanguage];
}
