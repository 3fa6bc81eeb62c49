import { Box, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { MAX_NAME_LENGTH } from "../../../shared/limits";
import { programNameSchema } from "../../../shared/schemas/programs";

interface ProgramNameDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  initialName: string;
  submitLabel: string;
  /** Saves the trimmed name; resolves false when that failed (already reported): the dialog stays open. */
  onSave: (name: string) => Promise<boolean>;
  /** Shown above the field: why the last save did not happen, when it needs a choice (a rename conflict). */
  notice?: ReactNode;
}

/** The one-field dialog of "New program" and "Rename": a required program name. */
export function ProgramNameDialog({
  opened,
  onClose,
  title,
  initialName,
  submitLabel,
  onSave,
  notice,
}: ProgramNameDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {notice && <Box mb="md">{notice}</Box>}
      {/* The form unmounts with the closed dialog (and remounts for another program), so every opening
          starts from `initialName`. */}
      <ProgramNameForm
        key={initialName}
        initialName={initialName}
        submitLabel={submitLabel}
        onSave={onSave}
        onClose={onClose}
      />
    </Modal>
  );
}

type ProgramNameFormProps = Pick<
  ProgramNameDialogProps,
  "initialName" | "submitLabel" | "onSave" | "onClose"
>;

function ProgramNameForm({ initialName, submitLabel, onSave, onClose }: ProgramNameFormProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // The spec: save does nothing when the name is empty, apart from saying why.
    const parsed = programNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid program name");
      input.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    const saved = await onSave(parsed.data);
    if (saved) {
      onClose();
    } else {
      // Re-enabled, with the focus back where the person can correct the name or try again.
      setPending(false);
      input.current?.focus();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          ref={input}
          label="Program name"
          data-autofocus
          maxLength={MAX_NAME_LENGTH}
          value={name}
          error={error}
          readOnly={pending}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
