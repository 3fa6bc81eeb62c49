import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { type KeyboardEvent, memo, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { COMMITTEE_LIMITS, type DecisionBody } from "../../../shared/schemas/committee";
import type { CandidateStatsRow as Row } from "../../../shared/schemas/reviews";
import { ChevronDownIcon } from "../../components/icons";
import { TruncatedText } from "../../components/truncated-text";
import { submissionPath } from "../../lib/submission-path";
import { truncateName } from "../../lib/truncate";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";
import classes from "./candidate-stats-table.module.css";
import {
  type AmountInputValue,
  amountDecision,
  amountOnScreen,
  approveBlockedReason,
  approveDecision,
  DISAPPROVE_DECISION,
  disapproveBlockedReason,
  type EnteredAmount,
  parseAmountInput,
} from "./decision-rules";
import type { RecentDecision } from "./decision-undo";
import { formatConsensusRank, formatDecimal, rankedByLabel, STATUS_LABELS } from "./statistics-format";

/** Where the applicant's name leads, and where the submission view's back link returns. */
export const CANDIDATE_STATISTICS_PATH = "/admin/allcandidates";

/**
 * White on Mantine's darkest green (green.9, #2b8a3e) is 4.37:1, below WCAG AA for the 12-pixel labels
 * of Approve and the status badge: this green is a shade darker (5.2:1).
 */
const APPROVED_GREEN = "#277c38";
const STATUS_COLOURS = { pending: "gray.7", approved: APPROVED_GREEN, disapproved: "red.9" } as const;

interface CandidateStatsRowProps {
  row: Row;
  program: { _id: string; appVersion: number };
  totalRankings: number;
  tied: ReadonlySet<number>;
  selected: boolean;
  expanded: boolean;
  /** Every cell of the table, for the expanded details row. */
  columnCount: number;
  onToggleSelected: (id: string) => void;
  onToggleExpanded: (id: string) => void;
  onDecide: (row: Row, body: DecisionBody) => void;
  /** The decision just made in this row, offered to be undone; null otherwise. */
  recent?: RecentDecision | null;
  onUndo?: (decision: RecentDecision) => void;
  /** What the expanded details row shows (the ratings' histogram). */
  renderDetails: (row: Row, name: string) => ReactNode;
}

/** A value, or a dash that screen readers read as "none" rather than as punctuation. */
function Value({ text }: { text: string | null }) {
  if (text !== null) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>none</VisuallyHidden>
    </>
  );
}

/** One candidate: statistics, the decision (amount, Approve, Disapprove) and its details when expanded. */
export const CandidateStatsTableRow = memo(function CandidateStatsTableRow({
  row,
  program,
  totalRankings,
  tied,
  selected,
  expanded,
  columnCount,
  onToggleSelected,
  onToggleExpanded,
  onDecide,
  recent = null,
  onUndo,
  renderDetails,
}: CandidateStatsRowProps) {
  const ids = useId();
  const detailsId = `${ids}-details`;
  const name = truncateName(row.identifier, Number.POSITIVE_INFINITY).full;
  // The amount being typed; null when the input shows the stored (or just decided) amount.
  const [draft, setDraft] = useState<AmountInputValue | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  // The amount just entered, until the list shows it (see amountOnScreen).
  const [entered, setEntered] = useState<EnteredAmount | null>(null);
  const onScreen = amountOnScreen(entered, row.amount);
  if (onScreen.settled) setEntered(null);
  const shownAmount = onScreen.amount;

  const typed = draft === null ? null : parseAmountInput(draft);
  // Approve goes with the amount on screen, typed or stored; an amount that is not valid allows no approval.
  const amount = typed === null ? shownAmount : typed.ok ? typed.amount : null;
  const approveBlocked = approveBlockedReason(row.status, amount);
  const disapproveBlocked = disapproveBlockedReason(row.status);

  function commitAmount() {
    if (draft === null) return;
    const parsed = parseAmountInput(draft);
    if (!parsed.ok) {
      setAmountError(parsed.error);
      return;
    }
    setDraft(null);
    setAmountError(null);
    const body = amountDecision({ status: row.status, amount: shownAmount }, parsed.amount);
    if (body === null) return;
    setEntered({ amount: parsed.amount, over: row.amount });
    onDecide(row, body);
  }

  function onAmountKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") commitAmount();
    if (event.key === "Escape") {
      setDraft(null);
      setAmountError(null);
    }
  }

  return (
    <>
      <Table.Tr data-status={row.status}>
        <Table.Td>
          <Checkbox
            aria-label={`Select ${name}`}
            checked={selected}
            onChange={() => onToggleSelected(row._id)}
          />
        </Table.Td>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            aria-label={`Ratings of ${name}`}
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={() => onToggleExpanded(row._id)}
          >
            <span style={{ display: "inline-flex", transform: expanded ? "rotate(180deg)" : undefined }}>
              <ChevronDownIcon />
            </span>
          </ActionIcon>
        </Table.Td>
        <Table.Th scope="row" fw={400} miw={150}>
          <Anchor
            component={Link}
            to={submissionPath(program, row._id)}
            state={{ from: CANDIDATE_STATISTICS_PATH }}
          >
            <TruncatedText name={row.identifier} max={COMMITTEE_LIMITS.assignNameLength} />
          </Anchor>
        </Table.Th>
        <Table.Td>
          <Value text={formatDecimal(row.averageRating)} />
        </Table.Td>
        <Table.Td>
          <Value text={formatDecimal(row.calibratedRating)} />
        </Table.Td>
        <Table.Td>
          <Value text={formatDecimal(row.suggestedRating)} />
        </Table.Td>
        <Table.Td>{row.numReviews}</Table.Td>
        <Table.Td>
          <Value text={formatDecimal(row.standardDeviation)} />
        </Table.Td>
        <Table.Td>
          <Stack gap={0}>
            <span>
              <Value text={formatDecimal(row.averageRanking)} />
            </span>
            <Text component="span" size="xs" c="gray.7">
              {rankedByLabel(row.rankedBy, totalRankings)}
            </Text>
          </Stack>
        </Table.Td>
        <Table.Td>
          <Value text={formatConsensusRank(row.consensusRank, tied)} />
        </Table.Td>
        <Table.Td>
          {/* Never cut short: "Disapproved" must read whole, the colour only repeats it. */}
          <Badge
            color={STATUS_COLOURS[row.status]}
            variant="filled"
            styles={{ root: { overflow: "visible" }, label: { overflow: "visible" } }}
          >
            {STATUS_LABELS[row.status]}
          </Badge>
        </Table.Td>
        <Table.Td>
          <NumberInput
            size="xs"
            // Room for "$250,000.00" at the input's size.
            w={112}
            aria-label={`Amount for ${name}`}
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            // Money shows its cents: "$3,500.50", never "$3,500.5".
            fixedDecimalScale
            allowNegative={false}
            min={0}
            clampBehavior="none"
            hideControls
            value={draft ?? shownAmount ?? ""}
            error={amountError}
            onChange={(value) => {
              setDraft(value);
              setAmountError(null);
            }}
            onBlur={commitAmount}
            onKeyDown={onAmountKey}
          />
        </Table.Td>
        <Table.Td className={classes.decision}>
          {/* One above the other: the table then fits a 1280-pixel screen without scrolling sideways. */}
          <Stack gap={4} align="stretch">
            <DecisionButton
              label="Approve"
              name={name}
              color={APPROVED_GREEN}
              variant="filled"
              blockedReason={approveBlocked}
              onClick={() => amount !== null && onDecide(row, approveDecision(amount))}
            />
            <DecisionButton
              label="Disapprove"
              name={name}
              color="red.9"
              variant="outline"
              blockedReason={disapproveBlocked}
              onClick={() => onDecide(row, DISAPPROVE_DECISION)}
            />
            {recent !== null && onUndo !== undefined && (
              <Group gap={4} wrap="nowrap" justify="space-between">
                {/* Announced by the page's status line; here it is for the eye. */}
                <Text size="xs" c="gray.8" aria-hidden="true">
                  {STATUS_LABELS[row.status]}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="blue.9"
                  c="blue.9"
                  aria-label={CANDIDATE_STATS_TEXT.undoLabel(name)}
                  onClick={() => onUndo(recent)}
                >
                  {CANDIDATE_STATS_TEXT.undo}
                </Button>
              </Group>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={columnCount} bg="gray.0">
            {renderDetails(row, name)}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});

interface DecisionButtonProps {
  label: "Approve" | "Disapprove";
  name: string;
  color: string;
  variant: "filled" | "outline";
  blockedReason: string | null;
  onClick: () => void;
}

/**
 * Approve or Disapprove. When not allowed it stays focusable (aria-disabled rather than disabled) so that
 * keyboard and screen reader users can find out why: the reason is its description and its tooltip.
 * The tooltip is always there (only switched off), so the button is never remounted and keeps focus.
 */
function DecisionButton({ label, name, color, variant, blockedReason, onClick }: DecisionButtonProps) {
  const reasonId = useId();
  const blocked = blockedReason !== null;
  return (
    <>
      <Tooltip label={blockedReason} disabled={!blocked} events={{ hover: true, focus: true, touch: false }}>
        <Button
          size="xs"
          color={color}
          variant={variant}
          // Starts with the visible word and names the candidate (WCAG 2.5.3).
          aria-label={`${label} ${name}`}
          aria-disabled={blocked || undefined}
          aria-describedby={blocked ? reasonId : undefined}
          data-disabled={blocked || undefined}
          onClick={(event) => {
            if (blocked) event.preventDefault();
            else onClick();
          }}
        >
          {label}
        </Button>
      </Tooltip>
      {blocked && <VisuallyHidden id={reasonId}>{blockedReason}</VisuallyHidden>}
    </>
  );
}
