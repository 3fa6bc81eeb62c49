import { ActionIcon, Button, Group, Input, Table, TextInput, VisuallyHidden } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { ANSWER_LIMITS, TABLE_CELL_KEYS } from "../../../../shared/forms/answer-rules";
import type { TableRow } from "../../../../shared/forms/answers";
import { localize } from "../../../../shared/forms/localize";
import { MAX_TABLE_ROWS } from "../../../../shared/forms/model-constants";
import { useLanguage, useTranslate } from "../../../lib/i18n";
import { describedBy, problemNode, type QuestionPartProps, RequiredLabel } from "./question-label";
import { useRenderer } from "./renderer-context";
import { addRow, canAddRow, newRowId, removeRow, setCell } from "./table-rows";

/**
 * SIMPLE_TABLE: the question's columns (at most five, cells column_0…column_4), rows the applicant
 * adds (up to 15) and removes. Applicant rows start empty.
 */
export function TableQuestion({
  question,
  sectionId,
  answer,
  label,
  description,
  messages,
  fieldId,
}: QuestionPartProps) {
  const { change, editable, accent, settings } = useRenderer();
  const language = useLanguage();
  const t = useTranslate();
  const rows: readonly TableRow[] = answer?.answerMatrix ?? [];
  const columns = question.columns.slice(0, TABLE_CELL_KEYS.length).map((column, index) => ({
    column,
    key: TABLE_CELL_KEYS[index]!,
    name: localize(column.value, language, settings).trim() || t("form.column", { n: index + 1 }),
  }));
  const tableRef = useRef<HTMLFieldSetElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // After adding a row its first cell takes the focus; after removing one, the Add row button does.
  const [focusAfter, setFocusAfter] = useState<{ rowId: string } | "add" | null>(null);
  useEffect(() => {
    if (focusAfter === null) return;
    if (focusAfter === "add") addRef.current?.focus();
    else
      tableRef.current?.querySelector<HTMLInputElement>(`[data-row-id="${focusAfter.rowId}"] input`)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const invalid = messages.length > 0;
  const described = describedBy(fieldId, messages, description);
  const update = (edit: (rows: readonly TableRow[]) => readonly TableRow[]) =>
    change(question, sectionId, (previous) => ({
      ...previous,
      answerMatrix: [...edit(previous.answerMatrix)],
    }));

  return (
    <Input.Wrapper
      id={fieldId}
      labelElement="div"
      label={label}
      description={description || undefined}
      descriptionProps={{ style: { whiteSpace: "pre-wrap" } }}
      error={problemNode(messages)}
    >
      <fieldset
        ref={tableRef}
        aria-labelledby={`${fieldId}-label`}
        aria-describedby={described}
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      >
        <Table.ScrollContainer minWidth={Math.max(320, columns.length * 160 + 48)} mt="xs">
          <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {columns.map(({ column, name }) => (
                  <Table.Th key={column._id} scope="col">
                    <RequiredLabel text={name} required={column.required} />
                  </Table.Th>
                ))}
                <Table.Th scope="col" w={48}>
                  <VisuallyHidden>{t("form.rowActions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.id} data-row-id={row.id}>
                  {columns.map(({ column, key, name }) => {
                    const value = row[key] ?? "";
                    const cellInvalid = invalid && column.required && value.trim() === "";
                    return (
                      <Table.Td key={column._id}>
                        <TextInput
                          aria-label={t("form.cell", { column: name, n: index + 1 })}
                          aria-required={column.required}
                          aria-invalid={cellInvalid || undefined}
                          aria-describedby={cellInvalid ? `${fieldId}-error` : undefined}
                          value={value}
                          readOnly={!editable}
                          maxLength={ANSWER_LIMITS.cell}
                          onChange={(event) => {
                            const text = event.currentTarget.value;
                            update((current) => setCell(current, row.id, key, text));
                          }}
                        />
                      </Table.Td>
                    );
                  })}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t("form.removeRow", { n: index + 1 })}
                      disabled={!editable}
                      onClick={() => {
                        update((current) => removeRow(current, row.id));
                        setFocusAfter("add");
                      }}
                    >
                      <span aria-hidden="true">×</span>
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group mt="xs" gap="xs">
          <Button
            ref={addRef}
            variant="default"
            size="xs"
            disabled={!editable || !canAddRow(rows)}
            style={{ borderColor: accent }}
            onClick={() => {
              const id = newRowId();
              update((current) => addRow(current, id));
              setFocusAfter({ rowId: id });
            }}
          >
            {t("form.addRow")}
          </Button>
          <span
            aria-hidden="true"
            style={{ fontSize: "var(--mantine-font-size-xs)", color: "var(--mantine-color-dimmed)" }}
          >
            {`${rows.length} / ${MAX_TABLE_ROWS}`}
          </span>
        </Group>
      </fieldset>
    </Input.Wrapper>
  );
}
