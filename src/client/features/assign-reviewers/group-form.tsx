import { Button, Group, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  type AssignmentListResult,
  COMMITTEE_LIMITS,
  type ReviewerGroup,
} from "../../../shared/schemas/committee";
import { FormAlert } from "../../components/form-alert";
import { useCreateGroup, useUpdateGroup } from "./api";
import { ASSIGN_TEXT } from "./assign-messages";
import {
  formValuesOf,
  type GroupFormField,
  type GroupFormValues,
  groupFailureMessage,
  parseGroupEdit,
  parseNewGroup,
  serverFieldErrors,
} from "./group-rules";
import { personOptions } from "./options";
import { Picker } from "./picker";

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
  function send(): Promise<ReviewerGroup> | null {
    if (group === null) {
      const parsed = parseNewGroup(programId, values);
      if (parsed.ok) return create.mutateAsync(parsed.body);
      invalid(parsed.errors);
      return null;
    }
    const parsed = parseGroupEdit(values);
    if (parsed.ok) return update.mutateAsync({ groupId: group._id, body: parsed.body });
    invalid(parsed.errors);
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const sending = send();
    if (sending === null) return;
    setErrors({});
    try {
      const saved = await sending;
      onSaved((group === null ? ASSIGN_TEXT.groupCreated : ASSIGN_TEXT.groupUpdated)(saved.name));
    } catch (error) {
      setFailure(groupFailureMessage(group === null ? "create" : "update", error));
      setErrors(serverFieldErrors(error));
      nameInput.current?.focus();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId}>
          {group === null ? "New group" : `Edit group ${group.name}`}
        </Title>
        <FormAlert message={failure} />
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
        <Textarea
          label="Description"
          description="Optional"
          autosize
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
