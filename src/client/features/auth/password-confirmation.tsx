import { PasswordInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { FormAlert } from "../../components/form-alert";
import { SubmitOrCancel, useFieldSubmit } from "./field-form";

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
  const { input, error, pending, submit } = useFieldSubmit(() => onSubmit(password), password !== "");

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
        <SubmitOrCancel
          label={submitLabel}
          disabled={password === ""}
          pending={pending}
          danger={danger}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
