import { Loader, Select } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { useCandidateSearch } from "./api";
import { type CandidateOption, candidateOptions, moreCandidatesText } from "./candidate-options";
import { EXPORT_TEXT } from "./export-messages";

/** A search that follows typing without a request per key. */
const SEARCH_DEBOUNCE_MS = 300;

interface CandidatePickerProps {
  userId: string;
  programId: string;
  value: CandidateOption | null;
  onChange: (candidate: CandidateOption | null) => void;
  /** Why the export cannot start yet (no candidate chosen), shown under the field and read with it. */
  error?: string;
}

/**
 * The dossier's candidate: a searchable choice among the program's submitted candidates. The search goes
 * to the server (a program can hold thousands), 50 matches at a time.
 */
export function CandidatePicker({ userId, programId, value, onChange, error }: CandidatePickerProps) {
  const [searchText, setSearchText] = useState(value?.label ?? "");
  const [search, setSearch] = useState("");
  const applySearch = useDebouncedCallback((text: string) => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
  const candidates = useCandidateSearch(userId, programId, search);
  const rows = candidates.data?.rows ?? [];

  const loadError = candidates.isError ? EXPORT_TEXT.candidatesFailed(candidates.error.message) : undefined;
  return (
    <Select
      label={EXPORT_TEXT.candidateLabel}
      placeholder={EXPORT_TEXT.candidatePlaceholder}
      required
      searchable
      clearable
      clearButtonProps={{ "aria-label": "Clear the candidate" }}
      data={candidateOptions(rows, value)}
      value={value?.value ?? null}
      onChange={(_, option) =>
        onChange(option === null ? null : { value: option.value, label: option.label })
      }
      searchValue={searchText}
      onSearchChange={(text) => {
        setSearchText(text);
        applySearch(text);
      }}
      nothingFoundMessage={candidates.isFetching ? "Searching…" : EXPORT_TEXT.candidateNothingFound}
      description={candidates.data ? moreCandidatesText(rows.length, candidates.data.total) : null}
      inputWrapperOrder={["label", "input", "description", "error"]}
      error={error ?? loadError}
      rightSection={candidates.isFetching ? <Loader size="xs" aria-hidden="true" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
