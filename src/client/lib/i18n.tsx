import { createContext, type ReactNode, use, useMemo } from "react";
import { type Language, type Translate, translator } from "../../shared/i18n/catalog";

/**
 * The applicant's language for the form pages, read from the shared catalog (plain data: no i18n
 * library in the applicant bundle). Outside a provider, English.
 */
interface LanguageContextValue {
  language: Language;
  t: Translate;
}

const english: LanguageContextValue = { language: "en", t: translator("en") };
const LanguageContext = createContext<LanguageContextValue>(english);

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  // One translate function per language: components memoized on `t` re-render only when it changes.
  const value = useMemo(() => ({ language, t: translator(language) }), [language]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

/** The translate function of the current language (stable while the language stays the same). */
export function useTranslate(): Translate {
  return use(LanguageContext).t;
}

/** The current language. */
export function useLanguage(): Language {
  return use(LanguageContext).language;
}
