import type { Language } from "../../shared/i18n/catalog";

/**
 * The language a browser asks for first, as the app can answer: French when its first language is French,
 * else English. The page picks the same when this browser has stored no choice (`initialLanguage` reads
 * `navigator.language`, the first of the languages the browser asks for).
 */
export function acceptedLanguage(acceptLanguage: string | undefined): Language {
  const preferred = acceptLanguage?.split(",")[0]?.trim().toLowerCase() ?? "";
  return preferred.startsWith("fr") ? "fr" : "en";
}
