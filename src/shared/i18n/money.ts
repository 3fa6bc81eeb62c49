import type { Language } from "./catalog";
import { onFirstUse } from "./on-first-use";

const FORMATS: Record<Language, () => Intl.NumberFormat> = {
  // The product's amounts ("$3,500.50", as Candidate Statistics shows them) in English; French writes the
  // same dollars the Canadian way ("3 500,50 $").
  en: onFirstUse(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })),
  fr: onFirstUse(() => new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" })),
};

/** An amount kept in cents, as money in the reader's language. */
export function formatMoney(cents: number, language: Language): string {
  return FORMATS[language]().format(cents / 100);
}

const wholeOrCents = onFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      // Whole amounts read "$1,500", others "$1,500.50".
      trailingZeroDisplay: "stripIfInteger",
    }),
);

/**
 * An amount in dollars as the committee's pages and the plans show it (review-and-administration,
 * "9. Business constants and limits"): "$1,500", "$1,500.50".
 */
export function formatDollars(dollars: number): string {
  return wholeOrCents().format(dollars);
}
