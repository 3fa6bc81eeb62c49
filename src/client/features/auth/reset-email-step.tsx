import { Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { MESSAGES } from "../../../shared/messages";
import { FormAlert } from "../../components/form-alert";
import { useRequestPasswordReset } from "../../lib/account-api";
import { ApiError } from "../../lib/api-client";

interface ResetEmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSent: (email: string) => void;
  onBack: () => void;
}

export function ResetEmailStep({ email, onEmailChange, onSent, onBack }: ResetEmailStepProps) {
  const requestReset = useRequestPasswordReset();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [unknownEmail, setUnknownEmail] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setUnknownEmail(false);
    setFailure(null);
    // The shared schema trims and lowercases, as the server does; loaded on submit, not with the page
    // (docs/decisions/043-zod-off-the-first-paint.md).
    const { emailSchema } = await import("../../../shared/schemas/common");
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail);
      return;
    }
    setFieldError(null);
    requestReset.mutate(parsed.data, {
      onSuccess: () => onSent(parsed.data),
      onError: (error) => {
        if (error instanceof ApiError && error.code === "UNKNOWN_EMAIL") setUnknownEmail(true);
        else setFailure(`Error sending the reset email: ${error.message}`);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Reset your password
        </Title>
        <Text size="sm">
          Enter the email address of your account and we will send you a link to choose a new password.
        </Text>
        <FormAlert message={failure} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          error={fieldError}
          onChange={(event) => onEmailChange(event.currentTarget.value)}
        />
        {unknownEmail && (
          <Text c="red.9" size="sm" role="alert">
            {MESSAGES.unknownResetEmail}
          </Text>
        )}
        <Button type="submit" disabled={email.trim() === ""} loading={requestReset.isPending} fullWidth>
          Send reset email
        </Button>
        <Button variant="subtle" onClick={onBack} fullWidth>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
