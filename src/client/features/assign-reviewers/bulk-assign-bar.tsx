import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { AssignmentListResult } from "../../../shared/schemas/committee";
import { useBulkAssign } from "./api";
import { ASSIGN_TEXT } from "./assign-messages";
import { bulkRequest } from "./bulk-rules";
import { failureReason } from "./failure-reason";
import { groupOptions, personOptions } from "./options";
import { Picker } from "./picker";
import type { Selection } from "./selection";

interface BulkAssignBarProps {
  userId: string;
  programId: string;
  selection: Selection;
  committee: AssignmentListResult["committee"];
  groups: AssignmentListResult["groups"];
  onClearSelection: () => void;
  /** The outcome, for the page's notice: how many were updated, or why nothing was. */
  onDone: (outcome: { tone: "success" | "error"; text: string }) => void;
}

/** Shown while rows are selected: adds the chosen reviewers and groups to all of them (never removes). */
export function BulkAssignBar({
  userId,
  programId,
  selection,
  committee,
  groups,
  onClearSelection,
  onDone,
}: BulkAssignBarProps) {
  const [reviewers, setReviewers] = useState<string[]>([]);
  const [reviewerGroups, setReviewerGroups] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const bulk = useBulkAssign(userId, programId);
  const nothingChosen = reviewers.length === 0 && reviewerGroups.length === 0;

  async function assign() {
    const request = bulkRequest(programId, selection, reviewers, reviewerGroups);
    if (!request.ok) {
      setProblem(request.message);
      return;
    }
    setProblem(null);
    try {
      const { updated } = await bulk.mutateAsync(request.body);
      setReviewers([]);
      setReviewerGroups([]);
      onClearSelection();
      onDone({ tone: "success", text: ASSIGN_TEXT.bulkUpdated(updated) });
    } catch (error) {
      onDone({ tone: "error", text: ASSIGN_TEXT.bulkFailed(failureReason(error)) });
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-label="Assign to the selected applications">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600} role="status">
            {ASSIGN_TEXT.selectedCount(selection.size)}
          </Text>
          <Button variant="subtle" size="xs" onClick={onClearSelection} disabled={bulk.isPending}>
            Clear selection
          </Button>
        </Group>
        <Group align="flex-end" grow wrap="wrap">
          <Picker
            label="Reviewers to add"
            data={personOptions(committee, [])}
            value={reviewers}
            onChange={setReviewers}
            nothingFound="No committee member matches"
            disabled={bulk.isPending}
          />
          <Picker
            label="Groups to add"
            data={groupOptions(groups, [])}
            value={reviewerGroups}
            onChange={setReviewerGroups}
            nothingFound={
              groups.length === 0 ? "No groups yet: create one with Manage Groups" : "No group matches"
            }
            disabled={bulk.isPending}
          />
        </Group>
        {problem !== null && (
          <Text c="red.9" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void assign()} loading={bulk.isPending} disabled={nothingChosen}>
            Assign to selected
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
