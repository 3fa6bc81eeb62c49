import type { Language } from "./catalog";

const FORMATS: Record<Language, Intl.NumberFormat> = {
  // The product's amounts ("$3,500.50", as Candidate Statistics shows them) in English; French writes the
  // same dollars the Canadian way ("3 500,50 $").
  en: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }),
  fr: new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" }),
};

/** An amount kept in cents, as money in the reader's language. */
export function formatMoney(cents: number, language: Language): string {
  return FORMATS[language].format(cents / 100);
}
