import { Group, MultiSelect, Pill, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { Option } from "./options";

interface PickerProps {
  /** The control's name: shown above it, or only to assistive technology when `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  data: Option[];
  value: string[];
  onChange: (ids: string[]) => void;
  placeholder?: string;
  /** Muted text under the control, read with it (aria-describedby). */
  description?: ReactNode;
  error?: string;
  disabled?: boolean;
  nothingFound: string;
  maxValues?: number;
}

/**
 * A searchable multiple choice (reviewers or groups). Each chosen name's remove button is a real,
 * labelled, focusable button — Mantine's own are hidden from the keyboard and screen readers — and
 * Backspace in the search field removes the last one, as Mantine does.
 */
export function Picker({ label, hideLabel = false, description, nothingFound, ...props }: PickerProps) {
  const details = new Map(
    props.data.flatMap((option) => (option.detail ? [[option.value, option.detail]] : [])),
  );
  return (
    <MultiSelect
      {...props}
      // A table cell has no room for a visible label: the name goes to the search field itself.
      {...(hideLabel ? { "aria-label": label } : { label })}
      description={description}
      inputWrapperOrder={["label", "input", "description", "error"]}
      searchable
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true }}
      // A reviewer's load beside their name in the list, so the admin sees who already has the most.
      renderOption={({ option }) => {
        const detail = details.get(option.value);
        return detail === undefined ? (
          option.label
        ) : (
          <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
            <span>{option.label}</span>
            <Text component="span" size="xs" c="gray.8">
              {detail}
            </Text>
          </Group>
        );
      }}
      renderPill={({ option, value, onRemove, disabled }) => {
        // The option can be missing for a moment (a choice the list no longer holds): show its id.
        const name = option?.label ?? String(value);
        return (
          <Pill
            withRemoveButton={!disabled && !props.disabled}
            onRemove={onRemove}
            removeButtonProps={{ "aria-label": `Remove ${name}`, tabIndex: 0, "aria-hidden": false }}
          >
            {name}
          </Pill>
        );
      }}
    />
  );
}
