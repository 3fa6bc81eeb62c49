import { Button, Group, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  type AssignmentListResult,
  COMMITTEE_LIMITS,
  type ReviewerGroup,
  reviewerGroupSchema,
} from "../../../shared/schemas/committee";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { FormAlert } from "../../components/form-alert";
import { GrowingTextarea } from "../../components/growing-textarea";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { assignApi, useCreateGroup, useUpdateGroup } from "./api";
import { ASSIGN_TEXT } from "./assign-messages";
import {
  formValuesOf,
  type GroupFormField,
  type GroupFormValues,
  groupFailureMessage,
  memberPreview,
  parseGroupEdit,
  parseNewGroup,
  serverFieldErrors,
} from "./group-rules";
import { personOptions } from "./options";
import { Picker } from "./picker";

/** A group as stored now (after a conflict): read from the program's groups. */
async function storedGroup(programId: string, groupId: string): Promise<ReviewerGroup> {
  const stored = (await assignApi.groups(programId)).find((g) => g._id === groupId);
  if (stored === undefined) throw new Error("This group was deleted.");
  return stored;
}

interface GroupFormProps {
  userId: string;
  programId: string;
  committee: AssignmentListResult["committee"];
  /** The group being edited, or null for a new one. */
  group: ReviewerGroup | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}

/** Creates a group or changes one: name (required), description (optional), members from the committee. */
export function GroupForm({ userId, programId, committee, group, onSaved, onCancel }: GroupFormProps) {
  const [values, setValues] = useState<GroupFormValues>(() => formValuesOf(group));
  const [errors, setErrors] = useState<Partial<Record<GroupFormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The group this edit replaces, as the admin saw it (decision 016), and theirs after a conflict.
  const [seen, setSeen] = useState<GroupFormValues>(() => formValuesOf(group));
  const [theirs, setTheirs] = useState<ReviewerGroup | null>(null);
  const create = useCreateGroup(userId, programId);
  const update = useUpdateGroup(userId, programId);
  const pending = create.isPending || update.isPending;
  const nameInput = useRef<HTMLInputElement>(null);
  const titleId = useId();

  // The form replaces the list inside the open dialog: the name is where the person starts.
  useEffect(() => nameInput.current?.focus(), []);

  const change = <K extends GroupFormField>(field: K, value: GroupFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const invalid = (found: Partial<Record<GroupFormField, string>>) => {
    setErrors(found);
    nameInput.current?.focus();
  };

  /** Checked with the server's own schema first: an empty name reads "Group name is required" at once. */
  function send(expected: GroupFormValues): Promise<ReviewerGroup> | null {
    if (group === null) {
      const parsed = parseNewGroup(programId, values);
      if (parsed.ok) return create.mutateAsync(parsed.body);
      invalid(parsed.errors);
      return null;
    }
    const parsed = parseGroupEdit(values);
    if (parsed.ok) return update.mutateAsync({ groupId: group._id, body: { ...parsed.body, expected } });
    invalid(parsed.errors);
    return null;
  }

  /** Saves the form, based on `expected`: the group as the admin saw it. */
  async function submit(expected: GroupFormValues) {
    if (pending) return;
    setFailure(null);
    const sending = send(expected);
    if (sending === null) return;
    setErrors({});
    try {
      const saved = await sending;
      onSaved((group === null ? ASSIGN_TEXT.groupCreated : ASSIGN_TEXT.groupUpdated)(saved.name));
    } catch (error) {
      let failed = error;
      if (group !== null && isEditConflict(error, "reviewerGroup")) {
        try {
          setTheirs(await storedValueOf(error, reviewerGroupSchema, () => storedGroup(programId, group._id)));
          return;
        } catch (unread) {
          failed = unread;
        }
      }
      setFailure(groupFailureMessage(group === null ? "create" : "update", failed));
      setErrors(serverFieldErrors(failed));
      nameInput.current?.focus();
    }
  }

  /** Names of the members chosen in the form, as the picker shows them. */
  const memberNames = (ids: readonly string[]) =>
    memberPreview(
      ids.map((id) => ({ _id: id, name: committee.find((person) => person._id === id)?.name ?? "" })),
      ids.length,
    );

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        // While a conflict waits for the admin's choice, its buttons are the way on.
        if (theirs === null) void submit(seen);
      }}
      noValidate
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId}>
          {group === null ? "New group" : `Edit group ${group.name}`}
        </Title>
        <FormAlert message={failure} />
        {theirs !== null && (
          <EditConflictNotice
            title={ASSIGN_TEXT.groupConflictTitle}
            message={EDIT_CONFLICT_MESSAGES.reviewerGroup}
            theirs={ASSIGN_TEXT.groupSummary(
              theirs.name,
              memberPreview(theirs.reviewers, theirs.reviewers.length),
            )}
            yours={ASSIGN_TEXT.groupSummary(values.name.trim(), memberNames(values.reviewers))}
            label={`group ${theirs.name}`}
            // Take theirs: the form shows their group, to edit again from there.
            onReload={() => {
              setValues(formValuesOf(theirs));
              setSeen(formValuesOf(theirs));
              setTheirs(null);
              nameInput.current?.focus();
            }}
            onKeepMine={() => {
              const stored = formValuesOf(theirs);
              setSeen(stored);
              setTheirs(null);
              void submit(stored);
            }}
          />
        )}
        <TextInput
          ref={nameInput}
          label="Name"
          withAsterisk
          aria-required
          autoComplete="off"
          maxLength={COMMITTEE_LIMITS.groupNameLength}
          value={values.name}
          error={errors.name}
          readOnly={pending}
          onChange={(event) => change("name", event.currentTarget.value)}
        />
        <GrowingTextarea
          label="Description"
          description="Optional"
          minRows={2}
          maxRows={6}
          maxLength={COMMITTEE_LIMITS.groupDescriptionLength}
          value={values.description}
          error={errors.description}
          readOnly={pending}
          onChange={(event) => change("description", event.currentTarget.value)}
        />
        <Picker
          label="Members"
          data={personOptions(committee, group?.reviewers ?? [])}
          value={values.reviewers}
          error={errors.reviewers}
          nothingFound="No committee member matches"
          maxValues={COMMITTEE_LIMITS.groupMembers}
          disabled={pending}
          onChange={(ids) => change("reviewers", ids)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {group === null ? "Create group" : "Save group"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
