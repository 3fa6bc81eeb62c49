import { Button, Group, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { z } from "zod";
import type { Translate } from "../../../shared/i18n/catalog";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../shared/limits";
import { COMMON_PASSWORD, MESSAGES, SUPPORT_EMAIL } from "../../../shared/messages";
import { emailSchema, nameSchema } from "../../../shared/schemas/common";
import { FormAlert } from "../../components/form-alert";
import { useSignUp } from "../../lib/account-api";
import { ApiError } from "../../lib/api-client";
import { signInWithPassword } from "../../lib/auth-requests";
import { fieldErrors } from "../../lib/form-errors";
import { useTranslate } from "../../lib/i18n";
import { useRefreshSession } from "../../lib/session";

const PASSWORD_TOO_SHORT = "PASSWORD_TOO_SHORT";

/** The applicant's sign-up: the shared name and email rules, a password and its confirmation. */
export const applicantSignUpSchema = z
  .object({
    displayName: nameSchema,
    email: emailSchema,
    password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/** The shared schemas' English messages in the applicant's language. */
function translated(message: string, t: Translate): string {
  switch (message) {
    case "Required":
      return t("signup.required");
    case MESSAGES.invalidEmail:
      return t("signup.invalidEmail");
    case MESSAGES.passwordsDoNotMatch:
      return t("signup.passwordsDoNotMatch");
    case PASSWORD_TOO_SHORT:
      return t("signup.passwordLength", { n: MIN_PASSWORD_LENGTH });
    // The server's check (the list of common passwords stays on the server).
    case COMMON_PASSWORD:
      return t("signup.passwordCommon");
    default:
      return message;
  }
}

const EMPTY = { displayName: "", email: "", password: "", confirmPassword: "" };
type Fields = typeof EMPTY;

/**
 * "Create an account" on a form link: an applicant account, then signed in. The page reacts to the
 * new session and continues to the application.
 */
export function ApplicantSignUp({ onCancel }: { onCancel: () => void }) {
  const t = useTranslate();
  const signUp = useSignUp();
  const refreshSession = useRefreshSession();
  const [form, setForm] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const set = (key: keyof Fields, value: string) => setForm((f) => ({ ...f, [key]: value }));
  // Opened from "Create an account": the keyboard continues in the form's first field.
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  async function signInAndContinue(email: string, password: string) {
    setSigningIn(true);
    const result = await signInWithPassword(email, password);
    if (result.error) {
      setSigningIn(false);
      setFailure(t("page.actionFailed", { message: result.error.message ?? "" }));
      return;
    }
    await refreshSession();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = applicantSignUpSchema.safeParse(form);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(Object.fromEntries(Object.entries(found).map(([k, m]) => [k, translated(m, t)])));
      return;
    }
    setErrors({});
    const { displayName, email, password } = parsed.data;
    signUp.mutate(
      { displayName, email, password, applicant: true, admin: false, emailConsent: false },
      {
        onSuccess: () => void signInAndContinue(email, password),
        onError: (error) => {
          setFailure(
            error.message === ""
              ? t("signup.failed")
              : `${error.message} ${t("signup.failedSuffix", { support: SUPPORT_EMAIL })}`,
          );
          if (error instanceof ApiError && error.fields) {
            setErrors(
              Object.fromEntries(
                Object.entries(error.fields).map(([field, messages]) => [
                  field,
                  translated(messages[0] ?? "", t),
                ]),
              ),
            );
          }
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("signup.title")}
        </Title>
        <FormAlert message={failure} />
        <TextInput
          label={t("signup.name")}
          autoComplete="name"
          maxLength={MAX_NAME_LENGTH}
          value={form.displayName}
          error={errors.displayName}
          onChange={(event) => set("displayName", event.currentTarget.value)}
          ref={firstField}
        />
        <TextInput
          label={t("signup.email")}
          type="email"
          autoComplete="email"
          value={form.email}
          error={errors.email}
          onChange={(event) => set("email", event.currentTarget.value)}
        />
        <PasswordInput
          label={t("signup.password")}
          autoComplete="new-password"
          value={form.password}
          error={errors.password}
          onChange={(event) => set("password", event.currentTarget.value)}
        />
        <PasswordInput
          label={t("signup.confirmPassword")}
          autoComplete="new-password"
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => set("confirmPassword", event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel}>
            {t("form.back")}
          </Button>
          <Button type="submit" loading={signUp.isPending || signingIn}>
            {t("signup.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
