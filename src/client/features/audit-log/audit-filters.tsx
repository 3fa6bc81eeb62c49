import { Button, Group, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { MAX_EMAIL_LENGTH } from "../../../shared/limits";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from "../../../shared/schemas/audit";
import { DayField } from "../../components/date-fields";
import { timeZoneNote } from "../../components/date-values";
import { AUDIT_TEXT, type AuditFilters, type AuditQuery, auditQueryOf, NO_FILTERS } from "./audit-format";

interface AuditFiltersFormProps {
  /** The organization's programs, for the program filter. */
  programs: readonly { id: string; name: string }[];
  onApply: (query: AuditQuery) => void;
}

const ACTION_OPTIONS = [
  { value: "", label: AUDIT_TEXT.allActions },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** The filters above the log: applied together with "Apply filters", cleared at once with "Clear". */
export function AuditFiltersForm({ programs, onApply }: AuditFiltersFormProps) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [errors, setErrors] = useState<Partial<Record<keyof AuditFilters, string>>>({});
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  function apply(event: FormEvent) {
    event.preventDefault();
    const result = auditQueryOf(filters);
    if (result.errors !== undefined) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onApply(result.query);
  }

  function clear() {
    setFilters(NO_FILTERS);
    setErrors({});
    onApply({});
  }

  return (
    <form onSubmit={apply} noValidate aria-label="Filter the audit log">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <NativeSelect
          label="Action"
          data={ACTION_OPTIONS}
          value={filters.action}
          onChange={(event) => set("action", event.currentTarget.value as AuditAction | "")}
        />
        <TextInput
          label="Who (email)"
          type="email"
          maxLength={MAX_EMAIL_LENGTH}
          value={filters.actor}
          onChange={(event) => set("actor", event.currentTarget.value)}
        />
        <NativeSelect
          label="Program"
          data={[
            { value: "", label: AUDIT_TEXT.allPrograms },
            ...programs.map((p) => ({ value: p.id, label: p.name })),
          ]}
          value={filters.programId}
          onChange={(event) => set("programId", event.currentTarget.value)}
        />
        <DayField
          label="From"
          description={timeZoneNote()}
          value={filters.fromDay}
          error={errors.fromDay}
          onChange={(day) => set("fromDay", day)}
        />
        <DayField
          label="To"
          description={timeZoneNote()}
          value={filters.toDay}
          error={errors.toDay}
          onChange={(day) => set("toDay", day)}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit">Apply filters</Button>
        <Button variant="default" onClick={clear}>
          Clear
        </Button>
      </Group>
    </form>
  );
}
