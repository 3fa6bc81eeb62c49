import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import {
  type ColumnDraft,
  canAddColumn,
  removeColumn,
  saveColumn,
} from "../../../shared/forms/builder-edits";
import type { TableColumn } from "../../../shared/forms/model";
import { MAX_TABLE_COLUMNS } from "../../../shared/forms/model-constants";
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

/** The column the dialog edits: a new one (`column` null) or an existing one. */
interface ColumnDialogState {
  column: TableColumn | null;
  opened: boolean;
  /** Each opening starts the dialog afresh from the column. */
  opening: number;
}

/**
 * The columns of a simple table (at most five; the last one stays) and a preview of its rows. Columns are
 * added and edited in the add/edit table column dialog of forms-and-applicants, "Form builder screen".
 */
export function TableColumns({ question, change, locked }: QuestionPartProps) {
  const single = question.columns.length <= 1;
  const [dialog, setDialog] = useState<ColumnDialogState | null>(null);
  const close = () => setDialog((current) => (current === null ? null : { ...current, opened: false }));
  const open = (column: TableColumn | null) =>
    setDialog((current) => ({ column, opened: true, opening: (current?.opening ?? 0) + 1 }));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {`Columns (at most ${MAX_TABLE_COLUMNS})`}
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {question.columns.map((column, index) => (
          <Group key={column._id} component="li" gap="sm" wrap="nowrap">
            <Text size="sm" flex={1} c={column.value.trim() === "" ? "red.9" : undefined}>
              {column.value.trim() === "" ? `Column ${index + 1}: ${FORM_MESSAGES.columnName}` : column.value}
            </Text>
            {column.required && (
              <Badge variant="light" color="gray">
                Required
              </Badge>
            )}
            <Button
              variant="subtle"
              size="xs"
              aria-label={`Edit column ${index + 1}`}
              disabled={locked}
              onClick={() => open(column)}
            >
              Edit
            </Button>
            <Button
              variant="subtle"
              size="xs"
              // The text's own shade: a subtle button's red is too light on white (axe's contrast check).
              color="red"
              c="red.9"
              aria-label={`Delete column ${index + 1}`}
              title={single ? "A table needs at least one column" : undefined}
              disabled={locked || single}
              onClick={() => change((q) => removeColumn(q, column._id))}
            >
              Delete
            </Button>
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={locked || !canAddColumn(question)}
          onClick={() => open(null)}
        >
          Add column
        </Button>
      </Group>
      {dialog && (
        <ColumnDialog
          key={dialog.opening}
          column={dialog.column}
          opened={dialog.opened}
          onClose={close}
          onSave={(draft) => {
            const columnId = dialog.column?._id ?? null;
            if (saveColumn(question, columnId, draft) === null) return;
            change((q) => saveColumn(q, columnId, draft) ?? q);
            close();
          }}
        />
      )}
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

interface ColumnDialogProps {
  column: TableColumn | null;
  opened: boolean;
  onClose: () => void;
  /** Saves the column and closes the dialog, unless it cannot be saved (no name). */
  onSave: (draft: ColumnDraft) => void;
}

/** Add or edit one column: its name (needed to save), its type (short answer) and whether it is required. */
function ColumnDialog({ column, opened, onClose, onSave }: ColumnDialogProps) {
  const [draft, setDraft] = useState<ColumnDraft>({
    value: column?.value ?? "",
    required: column?.required ?? false,
  });
  const [tried, setTried] = useState(false);
  const nameMissing = draft.value.trim() === "";

  return (
    <Modal opened={opened} onClose={onClose} title={column ? "Edit table column" : "Add table column"}>
      <form
        // The name's own message, not the browser's: a column needs a name to be saved.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          onSave(draft);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Column name"
            required
            data-autofocus
            value={draft.value}
            error={tried && nameMissing ? FORM_MESSAGES.columnName : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, value }));
            }}
          />
          <NativeSelect
            label="Column type"
            data={COLUMN_TYPE_CHOICES}
            value={column?.type ?? "SHORT_ANSWER"}
            onChange={() => undefined}
          />
          <Switch
            label="Required"
            checked={draft.required}
            onChange={(event) => {
              const required = event.currentTarget.checked;
              setDraft((d) => ({ ...d, required }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save column</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
