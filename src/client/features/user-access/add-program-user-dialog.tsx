import { Button, Group, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import type { ProgramRole } from "../../../shared/authz";
import { MAX_EMAIL_LENGTH } from "../../../shared/limits";
import { newcomerRoleChoices } from "../../../shared/program-users/seats";
import { addProgramUserBodySchema, type Seats } from "../../../shared/schemas/program-users";
import { FormAlert } from "../../components/form-alert";
import { fieldErrors } from "../../lib/form-errors";
import { notify } from "../../lib/notify";
import { useAddProgramUser } from "./api";
import { addUserFailureMessage, defaultNewcomerRole, roleOptions } from "./member-rules";
import { USER_ACCESS_TEXT } from "./user-access-messages";

interface AddProgramUserDialogProps {
  viewerId: string;
  programId: string;
  seats: Seats;
  opened: boolean;
  onClose: () => void;
}

/** "Add new user": invites a person by email with a role the plan still has seats for. */
export function AddProgramUserDialog({ opened, onClose, ...rest }: AddProgramUserDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add new user">
      {/* The form unmounts with the closed dialog: every opening starts empty. */}
      <AddProgramUserForm onClose={onClose} {...rest} />
    </Modal>
  );
}

type AddProgramUserFormProps = Omit<AddProgramUserDialogProps, "opened">;

function AddProgramUserForm({ viewerId, programId, seats, onClose }: AddProgramUserFormProps) {
  const choices = newcomerRoleChoices(seats);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<ProgramRole | null>(() => defaultNewcomerRole(choices));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const addUser = useAddProgramUser(viewerId, programId);
  const emailInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (addUser.isPending) return;
    setFailure(null);
    // The shared schema lowercases and trims the address, as the server does.
    const parsed = addProgramUserBodySchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      emailInput.current?.focus();
      return;
    }
    setErrors({});
    try {
      const added = await addUser.mutateAsync(parsed.data);
      notify(
        "user" in added
          ? USER_ACCESS_TEXT.accessGiven(parsed.data.email)
          : USER_ACCESS_TEXT.invitationSent(parsed.data.email),
      );
      onClose();
    } catch (error) {
      setFailure(addUserFailureMessage(error));
      emailInput.current?.focus();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={failure} />
        <TextInput
          ref={emailInput}
          label="Email"
          type="email"
          autoComplete="off"
          data-autofocus
          maxLength={MAX_EMAIL_LENGTH}
          value={email}
          error={errors.email}
          readOnly={addUser.isPending}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <NativeSelect
          label="Role"
          data={roleOptions(choices)}
          value={role ?? ""}
          error={errors.role}
          disabled={addUser.isPending}
          onChange={(event) => setRole(event.currentTarget.value as ProgramRole)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={addUser.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={addUser.isPending} disabled={choices.length === 0}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
