import { Button, Checkbox, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import {
  type AssignmentListResult,
  type AssignmentRow,
  COMMITTEE_LIMITS,
} from "../../../shared/schemas/committee";
import { submissionPath } from "../../lib/submission-path";
import { useSaveAssignment } from "./api";
import { applicantLabel } from "./applicant-name";
import { ApplicantNameText } from "./applicant-name-text";
import { ASSIGN_TEXT } from "./assign-messages";
import { type AssignmentChange, isOpenToEveryone } from "./assignment-cache";
import type { AssignmentConflict } from "./assignment-conflict";
import { failureReason } from "./failure-reason";
import { type NarrowingQuestion, narrowingQuestion } from "./narrowing";
import { groupOptions, groupsForIds, peopleForIds, personOptions } from "./options";
import { Picker } from "./picker";

export interface AssignmentRowProps {
  userId: string;
  program: { id: string; appVersion: number };
  row: AssignmentRow;
  committee: AssignmentListResult["committee"];
  groups: AssignmentListResult["groups"];
  selected: boolean;
  onSelect: (submissionId: string, checked: boolean) => void;
  /** Another page is loading: the row is the previous page's, so it is not edited. */
  busy: boolean;
  onFailure: (message: string) => void;
  /** A save refused because someone else changed the list first (decision 016). */
  onConflict: (conflict: AssignmentConflict) => void;
}

/** One application: its pickers save at once (the change shows before the server answers). */
export function AssignmentTableRow({
  userId,
  program,
  row,
  committee,
  groups,
  selected,
  onSelect,
  busy,
  onFailure,
  onConflict,
}: AssignmentRowProps) {
  const name = applicantLabel(row.identifier);
  const save = useSaveAssignment({
    userId,
    programId: program.id,
    submissionId: row._id,
    name,
    onConflict,
    onFailure: (error, change) =>
      onFailure(
        ASSIGN_TEXT.saveFailed(
          change.field === "reviewers" ? "reviewers" : "groups",
          name,
          failureReason(error),
        ),
      ),
  });
  const everyone = isOpenToEveryone(row);
  // A change that would take the application away from everyone else, waiting for the admin's answer.
  const [narrowing, setNarrowing] = useState<{
    change: AssignmentChange;
    question: NarrowingQuestion;
  } | null>(null);
  const change = (next: AssignmentChange) => {
    const question = narrowingQuestion(row, next, name, committee.length);
    if (question === null) save.mutate(next);
    else setNarrowing({ change: next, question });
  };

  return (
    // Named by the applicant, so the row (and the pickers in it) can be found by name.
    <Table.Tr aria-label={name}>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${name}`}
          checked={selected}
          onChange={(event) => onSelect(row._id, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Th scope="row" fw="normal">
        <ApplicantNameText identifier={row.identifier} />
      </Table.Th>
      <Table.Td miw={220}>
        <Picker
          label={`Individual reviewers for ${name}`}
          hideLabel
          data={personOptions(committee, row.reviewers)}
          value={row.reviewers.map((p) => p._id)}
          placeholder={row.reviewers.length === 0 ? "Add reviewers" : undefined}
          description={
            everyone ? (
              <Text component="span" size="xs" c="dimmed" fs="italic">
                {ASSIGN_TEXT.everyone}
              </Text>
            ) : undefined
          }
          nothingFound="No committee member matches"
          maxValues={COMMITTEE_LIMITS.reviewersPerSubmission}
          disabled={busy}
          onChange={(ids) =>
            change({
              field: "reviewers",
              next: peopleForIds(ids, [...row.reviewers, ...committee]),
              previous: row.reviewers,
            })
          }
        />
      </Table.Td>
      <Table.Td miw={200}>
        <Picker
          label={`Reviewer groups for ${name}`}
          hideLabel
          data={groupOptions(groups, row.reviewerGroups)}
          value={row.reviewerGroups.map((g) => g._id)}
          placeholder={row.reviewerGroups.length === 0 ? "Add groups" : undefined}
          nothingFound={
            groups.length === 0 ? "No groups yet: create one with Manage Groups" : "No group matches"
          }
          maxValues={COMMITTEE_LIMITS.groupsPerSubmission}
          disabled={busy}
          onChange={(ids) =>
            change({
              field: "reviewerGroups",
              next: groupsForIds(ids, [...row.reviewerGroups, ...groups]),
              previous: row.reviewerGroups,
            })
          }
        />
      </Table.Td>
      <Table.Td>
        {/* The visible text starts the name, which says which application (WCAG 2.5.3). */}
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={submissionPath({ _id: program.id, appVersion: program.appVersion }, row._id)}
          aria-label={`Open application ${name}`}
        >
          Open
        </Button>
        <Modal
          opened={narrowing !== null}
          onClose={() => setNarrowing(null)}
          title={narrowing?.question.title}
          size="lg"
        >
          <Stack gap="md">
            <Text>{narrowing?.question.body}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNarrowing(null)}>
                {ASSIGN_TEXT.narrowCancel}
              </Button>
              <Button
                onClick={() => {
                  if (narrowing !== null) save.mutate(narrowing.change);
                  setNarrowing(null);
                }}
              >
                {narrowing?.question.confirm}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}
