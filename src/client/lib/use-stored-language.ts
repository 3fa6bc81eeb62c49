import { useCallback, useEffect, useState } from "react";
import { isLanguage, type Language } from "../../shared/i18n/catalog";
import { browserStorage } from "./browser-storage";

/** Where the applicant's choice of English or French is kept between visits. */
export const LANGUAGE_KEY = "dh:language";

/** The stored choice; else French when the browser prefers it; else English. */
export function initialLanguage(): Language {
  try {
    const stored = browserStorage()?.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused: fall through to the browser's preference.
  }
  if (typeof navigator !== "undefined" && navigator.language.toLowerCase().startsWith("fr")) return "fr";
  return "en";
}

/** The applicant's language, remembered in this browser ("dh:language"). */
export function useStoredLanguage(): [Language, (language: Language) => void] {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    try {
      browserStorage()?.setItem(LANGUAGE_KEY, next);
    } catch {
      // Kept for this page only.
    }
  }, []);
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
