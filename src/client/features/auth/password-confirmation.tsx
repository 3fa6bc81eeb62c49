import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormAlert } from "../../components/form-alert";

interface PasswordConfirmationProps {
  /** Why the password is asked for. */
  explanation: string;
  submitLabel: string;
  /** Resolves with a message to show when it failed, null when it worked. */
  onSubmit: (password: string) => Promise<string | null>;
  onCancel: () => void;
  /** A red button for a change that lowers the account's protection. */
  danger?: boolean;
}

/** "Confirm your password" before a change to two-factor authentication; focused on arrival. */
export function PasswordConfirmation({
  explanation,
  submitLabel,
  onSubmit,
  onCancel,
  danger,
}: PasswordConfirmationProps) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === "" || pending) return;
    setPending(true);
    setError(null);
    const failure = await onSubmit(password);
    setPending(false);
    if (failure !== null) {
      setError(failure);
      input.current?.focus();
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={400}>
        <Text size="sm">{explanation}</Text>
        <FormAlert message={error} />
        <PasswordInput
          ref={input}
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button
            type="submit"
            color={danger ? "red" : undefined}
            disabled={password === ""}
            loading={pending}
          >
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
