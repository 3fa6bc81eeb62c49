import { Group, NativeSelect, Radio, SegmentedControl, Stack, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { NOT_RATED } from "../../../shared/schemas/reviews-constants";
import { formatRating, ratingChoices } from "./rating-scale";
import { REVIEWING_TEXT } from "./reviewing-messages";

/** Beyond this many choices (a 10-point scale in halves has 19) a row of buttons gets too wide: a list. */
const MAX_SEGMENTS = 11;

interface ScaleRatingProps {
  label: ReactNode;
  /** Read with the label (e.g. "x 2 weight", the scale). */
  description?: ReactNode;
  value: number;
  maxScale: number;
  increment: number;
  disabled: boolean;
  onChange: (value: number) => void;
}

/**
 * A rating from 1 to `maxScale` in the program's steps, or "Not rated" (-1, distinct from a 0). A group
 * of radio buttons named by its label (arrow keys move, as in any radio group), or a labelled list when
 * the scale has too many steps for one row.
 */
export function ScaleRating({
  label,
  description,
  value,
  maxScale,
  increment,
  disabled,
  onChange,
}: ScaleRatingProps) {
  const labelId = useId();
  const descriptionId = useId();
  const choices = ratingChoices(maxScale, increment, value);
  const data = [
    { value: String(NOT_RATED), label: REVIEWING_TEXT.notRated },
    ...choices.map((choice) => ({ value: String(choice), label: formatRating(choice) })),
  ];
  const selected = choices.includes(value) ? String(value) : String(NOT_RATED);
  const pick = (next: string) => {
    const number = Number(next);
    if (Number.isFinite(number) && number !== value) onChange(number);
  };

  if (data.length > MAX_SEGMENTS) {
    return (
      <NativeSelect
        label={label}
        description={description}
        data={data}
        value={selected}
        disabled={disabled}
        onChange={(event) => pick(event.currentTarget.value)}
        maw={240}
      />
    );
  }
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text id={descriptionId} size="xs" c="gray.7" component="div">
          {description}
        </Text>
      )}
      <Group>
        <SegmentedControl
          aria-labelledby={labelId}
          aria-describedby={description ? descriptionId : undefined}
          data={data}
          value={selected}
          disabled={disabled}
          onChange={pick}
        />
      </Group>
    </Stack>
  );
}

interface YesNoRatingProps {
  label: ReactNode;
  description?: ReactNode;
  /** 1 yes, 0 no, -1 unanswered. */
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}

/** A BOOLEAN criterion: Yes or No (unanswered until one is picked). */
export function YesNoRating({ label, description, value, disabled, onChange }: YesNoRatingProps) {
  const selected = value === 1 ? "1" : value === 0 ? "0" : null;
  return (
    <Radio.Group
      label={label}
      description={description}
      value={selected}
      onChange={(next) => {
        const number = Number(next);
        if (number !== value) onChange(number);
      }}
    >
      <Group gap="lg" mt={4}>
        <Radio value="1" label="Yes" disabled={disabled} />
        <Radio value="0" label="No" disabled={disabled} />
      </Group>
    </Radio.Group>
  );
}
