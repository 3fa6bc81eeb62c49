import "@mantine/dates/styles.css";
import { DatePickerInput, DateTimePicker } from "@mantine/dates";
import type { ReactNode } from "react";
import { localDateTime, pickerDateTime } from "./date-values";

/**
 * Date and time entry on a calendar (@mantine/dates, docs/decisions/025-client-libraries.md). Only the pages
 * that show one load this module, and with it the pickers' styles: the applicant form never does.
 */

/** Names for the calendar's controls, which show only an arrow or a month. */
const CALENDAR_LABELS = {
  previousMonth: "Previous month",
  nextMonth: "Next month",
  monthLevelControl: "Choose another month",
  previousYear: "Previous year",
  nextYear: "Next year",
  yearLevelControl: "Choose another year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
};

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
      ariaLabels={CALENDAR_LABELS}
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
      ariaLabels={CALENDAR_LABELS}
      valueFormat="D MMM YYYY, HH:mm"
      timePickerProps={{ hoursInputLabel: "Hours", minutesInputLabel: "Minutes" }}
      submitButtonProps={{ "aria-label": "Done" }}
      value={pickerDateTime(value)}
      onChange={(picked) => onChange(localDateTime(picked))}
    />
  );
}
