import "@mantine/dates/styles.css";
import { DatePickerInput, DateTimePicker } from "@mantine/dates";
import type { ReactNode } from "react";
import { localDateTime, pickerDateTime } from "./date-values";

/**
 * Date and time entry on a calendar (@mantine/dates, docs/decisions/025-client-libraries.md). Only the pages
 * that show one load this module, and with it the pickers' styles: the applicant form never does.
 */

/**
 * Names for the calendar's arrows, which show no text. The month and year controls keep the name they show
 * ("December 2026"): a name that did not contain it would fail WCAG's "label in name".
 */
const CALENDAR_LABELS = {
  previousMonth: "Previous month",
  nextMonth: "Next month",
  previousYear: "Previous year",
  nextYear: "Next year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
};

/**
 * The calendar without Mantine's red weekends and grey days of the months around: both fall below WCAG AA
 * contrast on white (the theme's shades, app/theme.ts, do not reach them).
 */
const CALENDAR = { ariaLabels: CALENDAR_LABELS, weekendDays: [], hideOutsideDates: true };

interface DateFieldProps {
  label: string;
  description?: ReactNode;
  error?: string | null;
  /** The earliest day that can be picked ("YYYY-MM-DD"). */
  minDate?: string;
}

/**
 * A day, "YYYY-MM-DD" in the browser's time zone as a date input gave it ("" when empty): clearable. Its
 * description goes under the field, so that day fields in a row of filters line up with the others.
 */
export function DayField({
  value,
  onChange,
  ...field
}: DateFieldProps & { value: string; onChange: (day: string) => void }) {
  return (
    <DatePickerInput
      {...field}
      {...CALENDAR}
      inputWrapperOrder={["label", "input", "description", "error"]}
      valueFormat="D MMM YYYY"
      clearable
      clearButtonProps={{ "aria-label": `Clear ${field.label}` }}
      value={value === "" ? null : value}
      onChange={(day) => onChange(day ?? "")}
    />
  );
}

/** A date and time to the minute, "YYYY-MM-DDTHH:mm" in the browser's time zone as a datetime-local input gave it. */
export function DateTimeField({
  value,
  onChange,
  ...field
}: DateFieldProps & { value: string; onChange: (local: string) => void }) {
  return (
    <DateTimePicker
      {...field}
      {...CALENDAR}
      valueFormat="D MMM YYYY, HH:mm"
      timePickerProps={{ hoursInputLabel: "Hours", minutesInputLabel: "Minutes" }}
      submitButtonProps={{ "aria-label": "Done" }}
      value={pickerDateTime(value)}
      onChange={(picked) => onChange(localDateTime(picked))}
    />
  );
}
