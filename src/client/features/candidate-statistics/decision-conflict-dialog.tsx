import { Modal, Stack, Text } from "@mantine/core";
import { formatAmount } from "../../../shared/email/committee-template";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import { ConflictActions, ConflictVersions } from "../../components/edit-conflict-notice";
import { truncateName } from "../../lib/truncate";
import type { DecisionConflict } from "./decision-conflicts";
import { applyDecision, type Decision } from "./decision-rules";
import { STATUS_LABELS } from "./statistics-format";

export const DECISION_CONFLICT_TITLE = "This decision was changed by someone else";

/** "Approved, $5,000.00", or "Pending, no amount". */
export function decisionText(decision: Decision): string {
  const amount = decision.amount === null ? "no amount" : formatAmount(decision.amount);
  return `${STATUS_LABELS[decision.status]}, ${amount}`;
}

interface DecisionConflictDialogProps {
  /** The conflict to settle first (null: none). */
  conflict: DecisionConflict | null;
  /** Take theirs: the row already shows it. */
  onReload: (conflict: DecisionConflict) => void;
  /** Save this admin's change over theirs. */
  onKeepMine: (conflict: DecisionConflict) => void;
}

/**
 * A decision refused because another admin changed it meanwhile (decision 016): their decision, this
 * admin's change applied to it, and the choice. A modal dialog: it has the focus, Escape and the close
 * button take theirs (nothing is overwritten without asking), and the table waits behind it.
 */
export function DecisionConflictDialog({ conflict, onReload, onKeepMine }: DecisionConflictDialogProps) {
  const name = conflict ? truncateName(conflict.identifier, Number.POSITIVE_INFINITY).full : "";
  return (
    <Modal
      opened={conflict !== null}
      onClose={() => conflict && onReload(conflict)}
      title={DECISION_CONFLICT_TITLE}
      closeButtonProps={{ "aria-label": "Close and take their decision" }}
      size="md"
    >
      {conflict && (
        <Stack gap="md">
          <Text size="sm" fw={700}>
            {name}
          </Text>
          <Text size="sm">{EDIT_CONFLICT_MESSAGES.decision}</Text>
          <ConflictVersions
            theirs={decisionText(conflict.theirs)}
            yours={decisionText(applyDecision(conflict.theirs, conflict.body))}
          />
          <ConflictActions
            onReload={() => onReload(conflict)}
            onKeepMine={() => onKeepMine(conflict)}
            label={`decision for ${name}`}
          />
        </Stack>
      )}
    </Modal>
  );
}
