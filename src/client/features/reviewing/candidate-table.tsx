import { Badge, Button, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { CandidateRow, ReviewProgram } from "../../../shared/schemas/reviews";
import { REVIEW_LIMITS } from "../../../shared/schemas/reviews-constants";
import { FILLED_GREEN } from "../../app/theme";
import { CardsOnPhone } from "../../components/cards-on-phone";
import { TruncatedText } from "../../components/truncated-text";
import { notify } from "../../lib/notify";
import { type UpdateFieldAction, useUpdateSubmissionField } from "../../lib/reviewing-api";
import { submissionPath } from "../../lib/submission-path";
import { alertFailureWithReason } from "./alerts";
import {
  canForceSubmit,
  canMarkAsTest,
  formatAmount,
  lastReviewedLabel,
  ROW_KIND_LABELS,
  rowKind,
  STATUS_LABELS,
} from "./candidate-rows";
import { DeclareConflictDialog } from "./declare-conflict-dialog";
import { formatRating } from "./rating-scale";
import { REVIEWING_TEXT } from "./reviewing-messages";

interface CandidateTableProps {
  userId: string;
  program: ReviewProgram;
  rows: readonly CandidateRow[];
  caption: string;
  /** The program's admins see the decision status, the amount and the row actions. */
  adminColumns: boolean;
  /**
   * The caller rates in this program (a committee member, program not archived): each submitted candidate
   * they have no conflict with offers "Declare conflict" (docs/decisions/036-conflicts-of-interest.md).
   */
  canDeclareConflicts: boolean;
  /** Where the submission view's back link returns (this page of the list). */
  returnTo: string;
  /** Another page is loading: the rows shown are the previous page's. */
  busy: boolean;
}

const EDGE_COLOURS = { draft: "var(--mantine-color-red-6)", test: "var(--mantine-color-green-7)" } as const;
const EDGE_TINTS = { draft: "var(--mantine-color-red-0)", test: "var(--mantine-color-green-0)" } as const;

/** One server page of step 1's list (at most 10 rows: the spec's min(10, rows)). */
export function CandidateTable({
  userId,
  program,
  rows,
  caption,
  adminColumns,
  canDeclareConflicts,
  returnTo,
  busy,
}: CandidateTableProps) {
  const updateField = useUpdateSubmissionField(userId, program._id);
  const [declaring, setDeclaring] = useState<CandidateRow | null>(null);
  // Cancelled, the dialog gives the keyboard back to the row's button; declared, that row is gone.
  const [declared, setDeclared] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  const pending = updateField.isPending ? updateField.variables : undefined;

  async function update(row: CandidateRow, action: UpdateFieldAction) {
    try {
      await updateField.mutateAsync({ submissionId: row._id, action });
      notify(action === "forceSubmit" ? REVIEWING_TEXT.forceSubmitted : REVIEWING_TEXT.markedAsTest);
    } catch (error) {
      alertFailureWithReason(REVIEWING_TEXT.updateFailed, error);
    }
  }

  return (
    <CardsOnPhone minWidth={adminColumns ? 960 : 640}>
      <DeclareConflictDialog
        userId={userId}
        programId={program._id}
        candidate={declaring}
        readsAsAdmin={adminColumns}
        opened={declaring !== null}
        onClose={() => setDeclaring(null)}
        returnFocus={!declared}
        // The list is read again before this runs: the row and its button are gone, so the keyboard goes
        // on from the table (its caption is read), not from the top of the page.
        onDeclared={() => {
          setDeclared(true);
          setDeclaring(null);
          window.setTimeout(() => table.current?.focus(), 0);
        }}
      />
      <Table ref={table} tabIndex={-1} withTableBorder highlightOnHover aria-busy={busy || undefined}>
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Applicant Name</Table.Th>
            {adminColumns && <Table.Th scope="col">Status</Table.Th>}
            {adminColumns && <Table.Th scope="col">Amount</Table.Th>}
            <Table.Th scope="col">Rating</Table.Th>
            <Table.Th scope="col">Last Review Edit</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const kind = rowKind(row);
            const marked = kind !== "submitted";
            const name = row.identifier.trim() === "" ? REVIEWING_TEXT.untitled : row.identifier;
            const rowPending = pending?.submissionId === row._id ? pending.action : null;
            return (
              <Table.Tr
                key={row._id}
                data-row-kind={kind}
                style={marked ? { backgroundColor: EDGE_TINTS[kind] } : undefined}
              >
                <Table.Td style={marked ? { borderLeft: `6px solid ${EDGE_COLOURS[kind]}` } : undefined}>
                  <Group gap="xs" wrap="nowrap">
                    <TruncatedText name={row.identifier} max={REVIEW_LIMITS.listNameLength} />
                    {marked && (
                      <Badge color={kind === "draft" ? "red.9" : FILLED_GREEN} variant="filled" size="sm">
                        {ROW_KIND_LABELS[kind]}
                      </Badge>
                    )}
                    {row.conflicted && (
                      <Badge color="gray.8" variant="outline" size="sm">
                        {REVIEWING_TEXT.conflictDeclared}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {adminColumns && (
                  <Table.Td data-label="Status">{row.status ? STATUS_LABELS[row.status] : "—"}</Table.Td>
                )}
                {adminColumns && <Table.Td data-label="Amount">{formatAmount(row.amount)}</Table.Td>}
                <Table.Td data-label="Rating">
                  {row.rating < 0 ? (
                    <Text component="span" size="sm" c="gray.7">
                      {REVIEWING_TEXT.notRated}
                    </Text>
                  ) : (
                    formatRating(row.rating)
                  )}
                </Table.Td>
                <Table.Td data-label="Last Review Edit">{lastReviewedLabel(row.lastReviewed)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    {/* Each name starts with the visible text and says which application (WCAG 2.5.3). */}
                    <Button
                      size="xs"
                      component={Link}
                      to={submissionPath(program, row._id)}
                      state={{ from: returnTo }}
                      aria-label={`Review ${name}`}
                    >
                      Review
                    </Button>
                    {canDeclareConflicts && kind === "submitted" && !row.conflicted && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Declare conflict with ${name}`}
                        onClick={() => {
                          setDeclared(false);
                          setDeclaring(row);
                        }}
                      >
                        Declare conflict
                      </Button>
                    )}
                    {adminColumns && (
                      <Button
                        size="xs"
                        variant="default"
                        component="a"
                        href={`/admin/form/edit/${encodeURIComponent(row.formId)}/${encodeURIComponent(row._id)}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Edit application ${name} (opens in a new tab)`}
                      >
                        Edit application
                      </Button>
                    )}
                    {adminColumns && canForceSubmit(row) && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Force submit ${name}`}
                        loading={rowPending === "forceSubmit"}
                        disabled={updateField.isPending && rowPending !== "forceSubmit"}
                        onClick={() => void update(row, "forceSubmit")}
                      >
                        Force submit
                      </Button>
                    )}
                    {adminColumns && canMarkAsTest(row) && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Mark as test ${name}`}
                        loading={rowPending === "markAsTest"}
                        disabled={updateField.isPending && rowPending !== "markAsTest"}
                        onClick={() => void update(row, "markAsTest")}
                      >
                        Mark as test
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </CardsOnPhone>
  );
}
