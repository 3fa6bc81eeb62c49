import { isLanguage, type Language } from "../../shared/i18n/catalog";
import { acceptedLanguage } from "../http/accepted-language";
import type { AppContext } from "../http/context";

/** The applicant's language for messages: `?lang=` or the browser's Accept-Language. */
export function requestLanguage(c: AppContext): Language {
  const asked = c.req.query("lang");
  if (isLanguage(asked)) return asked;
  return acceptedLanguage(c.req.header("accept-language"));
}
