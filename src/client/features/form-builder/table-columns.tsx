import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { addColumn, canAddColumn, removeColumn, updateColumn } from "../../../shared/forms/builder-edits";
import { MAX_TABLE_COLUMNS, type TableColumn } from "../../../shared/forms/model";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import type { QuestionPartProps } from "./question-card";

/** Only short answers can be typed in a cell; the other types are shown, disabled, as in the spec. */
const COLUMN_TYPE_CHOICES = [
  { value: "SHORT_ANSWER", label: "Short answer" },
  { value: "DROPDOWN", label: "Dropdown", disabled: true },
  { value: "CHECKBOX", label: "Checkbox", disabled: true },
];

/** The builder shows five sample rows; applicants start with empty ones. */
const PREVIEW_ROWS = [1, 2, 3, 4, 5];

/** The columns of a simple table (at most five, each named; the last one stays) and a preview of its rows. */
export function TableColumns({ question, change, locked }: QuestionPartProps) {
  const single = question.columns.length <= 1;
  const edit = (column: TableColumn, patch: Partial<TableColumn>) =>
    change((q) => updateColumn(q, column._id, patch));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {`Columns (at most ${MAX_TABLE_COLUMNS})`}
      </Text>
      {question.columns.map((column, index) => (
        <Group key={column._id} gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            label={`Column ${index + 1} name`}
            value={column.value}
            disabled={locked}
            error={column.value.trim() === "" ? FORM_MESSAGES.columnName : undefined}
            onChange={(event) => edit(column, { value: event.currentTarget.value })}
          />
          <NativeSelect
            label={`Column ${index + 1} type`}
            data={COLUMN_TYPE_CHOICES}
            value={column.type}
            disabled={locked}
            onChange={() => undefined}
          />
          <Switch
            mt={30}
            label="Required"
            aria-label={`Column ${index + 1} required`}
            checked={column.required}
            disabled={locked}
            onChange={(event) => edit(column, { required: event.currentTarget.checked })}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red.9"
            aria-label={`Delete column ${index + 1}`}
            title={single ? "A table needs at least one column" : undefined}
            disabled={locked || single}
            onClick={() => change((q) => removeColumn(q, column._id))}
          >
            <span aria-hidden="true">×</span>
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={locked || !canAddColumn(question)}
          onClick={() => change(addColumn)}
        >
          Add column
        </Button>
      </Group>
      <Table withTableBorder withColumnBorders fz="sm">
        <Table.Caption>Preview of the table</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {question.columns.map((column, index) => (
              <Table.Th key={column._id}>{column.value || `Column ${index + 1}`}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PREVIEW_ROWS.map((row) => (
            <Table.Tr key={row}>
              <Table.Th scope="row">{`Answer ${row}`}</Table.Th>
              {question.columns.map((column) => (
                <Table.Td key={column._id} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
