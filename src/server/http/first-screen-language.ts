import type { Language } from "../../shared/i18n/catalog";

/**
 * The language the page will open in when this browser has stored no choice: French when the browser prefers
 * it (`initialLanguage` reads `navigator.language`, which is the first of the languages it asks for).
 */
export function firstScreenLanguage(acceptLanguage: string | undefined): Language {
  const preferred = acceptLanguage?.split(",")[0]?.trim().toLowerCase() ?? "";
  return preferred.startsWith("fr") ? "fr" : "en";
}
