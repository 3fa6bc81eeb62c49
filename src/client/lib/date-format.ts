/**
 * One way of writing dates and times per language, everywhere in the product
 * (docs/decisions/031-admin-and-copy-fixes.md): English as in the United States ("Mar 3, 2026, 8:34 AM"),
 * French as in Canada ("3 mars 2026, 08 h 34"), in the viewer's time zone. Before, some pages wrote
 * "8:35 a.m." (English of Canada) and others "8:34 AM".
 */
export type DateLanguage = "en" | "fr";

const LOCALES: Record<DateLanguage, string> = { en: "en-US", fr: "fr-CA" };

type Style = "dateTime" | "dateTimeSeconds" | "date" | "longDate";
const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  dateTimeSeconds: { dateStyle: "medium", timeStyle: "medium" },
  date: { dateStyle: "medium" },
  longDate: { dateStyle: "long" },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** The format of a language and style (made once: building one is slow). */
export function dateFormat(language: DateLanguage, style: Style): Intl.DateTimeFormat {
  const key = `${language}:${style}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(LOCALES[language], OPTIONS[style]);
    formats.set(key, format);
  }
  return format;
}

function write(value: string | Date, language: DateLanguage, style: Style): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  return dateFormat(language, style).format(date);
}

/** "Mar 3, 2026, 8:34 AM" / "3 mars 2026, 08 h 34". A text that is no date is given back as it is. */
export function formatDateTime(value: string | Date, language: DateLanguage = "en"): string {
  return write(value, language, "dateTime");
}

/** To the second, where the order of close events matters (the audit log). */
export function formatDateTimeSeconds(value: string | Date, language: DateLanguage = "en"): string {
  return write(value, language, "dateTimeSeconds");
}

/** "Mar 3, 2026" / "3 mars 2026". */
export function formatDate(value: string | Date, language: DateLanguage = "en"): string {
  return write(value, language, "date");
}

/** "March 3, 2026" / "3 mars 2026". */
export function formatLongDate(value: string | Date, language: DateLanguage = "en"): string {
  return write(value, language, "longDate");
}
