import { onFirstUse } from "../i18n/on-first-use";
import { EMAIL_PLACEHOLDERS } from "../schemas/committee";

/** What a placeholder stands for, per recipient. */
export interface TemplateValues {
  /** The applicant's name (their account's name, else the identifier). */
  name: string;
  /** The application's identifier. */
  application: string;
  /** The decided amount in dollars, or null when none is set. */
  amount: number | null;
}

const dollars = onFirstUse(
  () => new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** An amount as the product shows it: "$" prefix, thousands separators, two decimals; "" when unset. */
export function formatAmount(amount: number | null): string {
  return amount === null ? "" : `$${dollars().format(amount)}`;
}

/**
 * The template with every placeholder replaced by the recipient's value, as plain text. Values are
 * inserted literally (a value that itself looks like a placeholder is not expanded again); escaping for
 * the HTML part happens after filling, on the whole text.
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  const byPlaceholder: Record<string, string> = {
    [EMAIL_PLACEHOLDERS.name]: values.name,
    [EMAIL_PLACEHOLDERS.application]: values.application,
    [EMAIL_PLACEHOLDERS.amount]: formatAmount(values.amount),
  };
  return template.replace(/\{\{(name|application|amount)\}\}/g, (match) => byPlaceholder[match] ?? match);
}
