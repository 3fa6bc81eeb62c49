import { Button, Group, Text } from "@mantine/core";
import { CANDIDATE_STATS_TEXT } from "./candidate-statistics-messages";

interface RecipientsBarProps {
  selectedCount: number;
  approvedCount: number;
  /** "Select approved" is asking the server for them (a second click meanwhile does nothing). */
  choosing: boolean;
  onSelectApproved: () => void;
  onClear: () => void;
  onSendEmails: () => void;
}

/** Who will be emailed: how many are chosen, quick choices, and the Send Emails dialog. */
export function RecipientsBar({
  selectedCount,
  approvedCount,
  choosing,
  onSelectApproved,
  onClear,
  onSendEmails,
}: RecipientsBarProps) {
  return (
    <Group gap="sm" role="group" aria-label="Email recipients">
      {/* A live region: choosing with the checkboxes or the buttons is announced. */}
      <Text role="status" fw={600} miw={100}>
        {CANDIDATE_STATS_TEXT.selected(selectedCount)}
      </Text>
      {/* Busy rather than disabled while the server answers: a disabled button would drop the focus. */}
      <Button
        variant="default"
        onClick={onSelectApproved}
        disabled={approvedCount === 0}
        aria-busy={choosing || undefined}
      >
        Select approved
      </Button>
      <Button variant="default" onClick={onClear} disabled={selectedCount === 0}>
        Clear selection
      </Button>
      <Button onClick={onSendEmails} disabled={selectedCount === 0}>
        Send Emails
      </Button>
    </Group>
  );
}
