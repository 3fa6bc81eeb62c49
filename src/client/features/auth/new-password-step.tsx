import { Button, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../shared/limits";
import { MESSAGES } from "../../../shared/messages";
import { FormAlert } from "../../components/form-alert";
import { authClient } from "../../lib/auth-client";
import { fieldErrors } from "../../lib/form-errors";
import { newPasswordFailure } from "./new-password-failure";
import { NewPasswordFields } from "./new-password-fields";

// Same bounds as the sign-up password (shared limits); shared/ has no schema for this form yet.
const newPasswordFormSchema = z
  .object({
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

interface NewPasswordStepProps {
  token: string;
  title: string;
  /** A line under the title, e.g. whose account this is. */
  intro?: string;
  submitLabel: string;
  /** The password is set; the form shows progress until this settles (an invitation signs in next). */
  onPasswordSet: (newPassword: string) => Promise<void> | void;
  /** The token was refused: stale, used or unknown. */
  onInvalidToken: () => void;
}

/** Choosing a password with an emailed token: the reset link's form, and an invitation's first step. */
export function NewPasswordStep({
  token,
  title,
  intro,
  submitLabel,
  onPasswordSet,
  onInvalidToken,
}: NewPasswordStepProps) {
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = newPasswordFormSchema.safeParse({ newPassword, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    const result = await authClient.resetPassword({ newPassword: parsed.data.newPassword, token });
    if (!result.error) {
      await onPasswordSet(parsed.data.newPassword);
      setPending(false);
      return;
    }
    setPending(false);
    switch (newPasswordFailure(result.error)) {
      case "password":
        setErrors({ newPassword: result.error.message ?? "This password cannot be used" });
        break;
      case "unavailable":
        setFailure(`Error setting your password: ${result.error.message ?? result.error.statusText}`);
        break;
      case "invalidToken":
        onInvalidToken();
        break;
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro !== undefined && <Text size="sm">{intro}</Text>}
        <FormAlert message={failure} />
        <NewPasswordFields
          labels={{ password: "New password", confirm: "Confirm new password" }}
          password={newPassword}
          confirmPassword={confirmPassword}
          errors={{ password: errors.newPassword, confirmPassword: errors.confirmPassword }}
          onPasswordChange={setNewPassword}
          onConfirmChange={setConfirmPassword}
        />
        <Button type="submit" loading={pending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
