import { Button, PasswordInput, Stack, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../shared/limits";
import { MESSAGES } from "../../../shared/messages";
import { FormAlert } from "../../components/form-alert";
import { authClient } from "../../lib/auth-client";
import { fieldErrors } from "../../lib/form-errors";
import { notify } from "../../lib/notify";
import { SIGN_IN_TEXT } from "./sign-in-messages";

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
  /** The token was refused: the page offers to request a new link. */
  onInvalidToken: () => void;
}

export function NewPasswordStep({ token, onInvalidToken }: NewPasswordStepProps) {
  const navigate = useNavigate();
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
    setPending(false);
    if (!result.error) {
      notify(SIGN_IN_TEXT.passwordChanged);
      navigate("/login", { replace: true });
    } else if (result.error.code?.startsWith("PASSWORD_") === true) {
      setErrors({ newPassword: result.error.message ?? "This password cannot be used" });
    } else if (result.error.status >= 500 || result.error.status === 429) {
      setFailure(`Error changing your password: ${result.error.message ?? result.error.statusText}`);
    } else {
      onInvalidToken();
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Choose a new password
        </Title>
        <FormAlert message={failure} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={newPassword}
          error={errors.newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
