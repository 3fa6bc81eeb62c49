import { Button, Group, NativeSelect, NumberInput, TextInput } from "@mantine/core";
import { CANDIDATE_STATS_LIMITS } from "../../../shared/schemas/candidate-statistics";
import type { DecisionStatus } from "../../../shared/schemas/reviews";
import { DECISION_STATUSES } from "../../../shared/schemas/reviews-constants";
import { type CandidateFilter, isFiltered, NO_FILTER } from "./candidate-table-model";
import { STATUS_LABELS } from "./statistics-format";

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...DECISION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

function isStatusChoice(value: string): value is DecisionStatus | "all" {
  return value === "all" || (DECISION_STATUSES as readonly string[]).includes(value);
}

/**
 * Search by name, status and a minimum number of reviews: they narrow the candidates the server answers
 * (the search once the typing pauses), and the table goes back to its first page.
 */
export function CandidateFilters({
  filter,
  onChange,
}: {
  filter: CandidateFilter;
  onChange: (filter: CandidateFilter) => void;
}) {
  return (
    <Group align="flex-end" gap="md" role="search" aria-label="Filter candidates">
      <TextInput
        type="search"
        label="Search by applicant name"
        w={280}
        maxLength={CANDIDATE_STATS_LIMITS.searchLength}
        value={filter.search}
        onChange={(event) => onChange({ ...filter, search: event.currentTarget.value })}
      />
      <NativeSelect
        label="Status"
        w={180}
        data={STATUS_OPTIONS}
        value={filter.status}
        onChange={(event) => {
          const { value } = event.currentTarget;
          if (isStatusChoice(value)) onChange({ ...filter, status: value });
        }}
      />
      <NumberInput
        label="Minimum reviews"
        w={150}
        min={0}
        allowNegative={false}
        allowDecimal={false}
        value={filter.minReviews === 0 ? "" : filter.minReviews}
        onChange={(value) => {
          const count = typeof value === "number" ? value : Number(value);
          onChange({ ...filter, minReviews: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0 });
        }}
      />
      <Button variant="default" disabled={!isFiltered(filter)} onClick={() => onChange(NO_FILTER)}>
        Clear filters
      </Button>
    </Group>
  );
}
