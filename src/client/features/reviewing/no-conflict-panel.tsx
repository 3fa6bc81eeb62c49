import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { CandidateView } from "../../../shared/schemas/reviews";
import { useNoConflictConfirmation } from "../../lib/conflict-api";
import { alertFailureWithReason } from "./alerts";
import { DeclareConflictDialog } from "./declare-conflict-dialog";

export const NO_CONFLICT_TEXT = {
  question: "Before you read this application: do you have a conflict of interest with this applicant?",
  help: "The program asks each committee member to confirm it once per application. Your answer is kept with your review.",
  confirm: "I have no conflict",
  declare: "Declare a conflict",
} as const;

interface NoConflictPanelProps {
  userId: string;
  view: CandidateView;
  backTo: string;
  /** The link back to the list, as the submission view shows it. */
  back: ReactNode;
}

/**
 * Shown instead of the application while the program asks the caller to confirm they have no conflict of
 * interest with the candidate (docs/decisions/036-conflicts-of-interest.md): one click confirms and opens the
 * application (the server sends its answers only then); declaring a conflict returns to the list.
 */
export function NoConflictPanel({ userId, view, backTo, back }: NoConflictPanelProps) {
  const programId = view.program._id;
  const { _id: submissionId, identifier } = view.submission;
  const confirmation = useNoConflictConfirmation(userId, programId, submissionId);
  const [declaring, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();

  async function confirm() {
    if (confirmation.isPending) return;
    try {
      await confirmation.mutateAsync();
    } catch (error) {
      alertFailureWithReason("Error: your confirmation was not saved", error);
    }
  }

  return (
    <Stack gap="md">
      {back}
      <Title order={1}>{identifier}</Title>
      <Paper withBorder p="md" component="section" aria-labelledby="no-conflict-question">
        <Stack gap="sm">
          <Text id="no-conflict-question" fw={600}>
            {NO_CONFLICT_TEXT.question}
          </Text>
          <Text size="sm">{NO_CONFLICT_TEXT.help}</Text>
          <Group gap="sm">
            <Button onClick={() => void confirm()} loading={confirmation.isPending}>
              {NO_CONFLICT_TEXT.confirm}
            </Button>
            <Button variant="outline" color="red" onClick={open} disabled={confirmation.isPending}>
              {NO_CONFLICT_TEXT.declare}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <DeclareConflictDialog
        userId={userId}
        programId={programId}
        candidate={{ _id: submissionId, identifier }}
        readsAsAdmin={view.isAdmin}
        opened={declaring}
        onClose={close}
        onDeclared={() => {
          close();
          void navigate(backTo);
        }}
      />
    </Stack>
  );
}
