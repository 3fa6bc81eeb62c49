/**
 * The values of the date pickers (components/date-fields.tsx) and the ones the pages keep. The pickers of
 * @mantine/dates give a local date as "YYYY-MM-DD" and a local date and time as "YYYY-MM-DD HH:mm:ss"; the
 * pages keep a day as "YYYY-MM-DD" and a date and time as a datetime-local input gave it, "YYYY-MM-DDTHH:mm",
 * and turn those into the instants the server takes (docs/decisions/025-client-libraries.md).
 */

/** The browser's IANA time zone ("Europe/Paris"): the one local dates and times are read and shown in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** What a date or time field says under it, so that nobody guesses which clock it follows. */
export function timeZoneNote(zone: string = browserTimeZone()): string {
  return `Times are in ${zone}.`;
}

/** A "YYYY-MM-DDTHH:mm" date and time as the picker's value ("YYYY-MM-DD HH:mm:00"); null when empty. */
export function pickerDateTime(local: string): string | null {
  return local === "" ? null : `${local.replace("T", " ")}:00`;
}

/** The picker's value back as "YYYY-MM-DDTHH:mm" (the picker shows no seconds); "" when cleared. */
export function localDateTime(picked: string | null): string {
  return picked === null ? "" : picked.slice(0, 16).replace(" ", "T");
}

/** A date and time as applicants read it, in their language (the portal, the form's close date). */
export function applicantDateTime(iso: string, language: "en" | "fr"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}
