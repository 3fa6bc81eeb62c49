import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { PROGRAM_ROLE_LABELS } from "../../../shared/authz";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../shared/limits";
import { MESSAGES } from "../../../shared/messages";
import { PROGRAM_USER_MESSAGES } from "../../../shared/program-users/seats";
import { nameSchema, okSchema } from "../../../shared/schemas/common";
import {
  acceptedInvitationSchema,
  type InvitationView,
  invitationViewSchema,
} from "../../../shared/schemas/invitations";
import { FormAlert } from "../../components/form-alert";
import { ApiError, apiGet, apiPath, apiSend } from "../../lib/api-client";
import { signInWithPassword } from "../../lib/auth-requests";
import { fieldErrors } from "../../lib/form-errors";
import { type Session, useRefreshSession, useSignOut } from "../../lib/session";
import { LoginStep } from "./login-step";
import { NewPasswordFields } from "./new-password-fields";
import { SIGN_IN_TEXT } from "./sign-in-messages";
import { TwoFactorStep } from "./two-factor-step";

/**
 * The target of an invitation email, /login?email=…&invitation=… (decision 019): who invites them to
 * what, as what; then, as fits, create an account, sign in, or Accept / Decline — never accepted by
 * signing in alone. Nothing is shared with the program before Accept.
 */

const accountFormSchema = z
  .object({
    name: nameSchema,
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

const failureOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : PROGRAM_USER_MESSAGES.addFailed;

interface InvitationCardProps {
  token: string;
  session: Session;
  /** Answered (accepted, declined) or unusable: the card leaves with this message (null: none). */
  onDone: (message: string | null) => void;
}

export function InvitationCard({ token, session, onDone }: InvitationCardProps) {
  const invitation = useQuery({
    queryKey: ["invitation", token],
    queryFn: () => apiGet(apiPath`/api/invitations/${token}`, invitationViewSchema),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (invitation.isPending) return <Text>Loading the invitation…</Text>;
  if (invitation.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Invitation
        </Title>
        <Alert color="red" role="alert">
          {invitation.error instanceof ApiError && invitation.error.status === 404
            ? PROGRAM_USER_MESSAGES.invitationGone
            : failureOf(invitation.error)}
        </Alert>
        <Button variant="default" onClick={() => onDone(null)}>
          Go to sign in
        </Button>
      </Stack>
    );
  }
  return <InvitationAnswer token={token} view={invitation.data} session={session} onDone={onDone} />;
}

function InvitationSummary({ view }: { view: InvitationView }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        You're invited to {view.programName}
      </Title>
      <Text>
        <strong>{view.invitedBy}</strong> invites you to join <strong>{view.programName}</strong> (
        {view.organizationName}) on DecisionHub as <strong>{PROGRAM_ROLE_LABELS[view.role]}</strong>.
      </Text>
      <Text size="sm" c="gray.7">
        This invitation is for {view.email}. Nothing is shared with the program until you accept.
      </Text>
    </Stack>
  );
}

function InvitationAnswer({
  token,
  view,
  session,
  onDone,
}: {
  token: string;
  view: InvitationView;
  session: Session;
  onDone: (message: string | null) => void;
}) {
  const [loginStep, setLoginStep] = useState<"login" | "twoFactor">("login");
  const [notice, setNotice] = useState<string | null>(null);
  const signedInAs = session.status === "signedIn" || session.status === "unregistered" ? session.user : null;

  let body: React.ReactNode;
  if (signedInAs !== null && signedInAs.email.toLowerCase() !== view.email) {
    body = <AnotherAddress view={view} signedInEmail={signedInAs.email} />;
  } else if (signedInAs !== null) {
    body = <AcceptOrDecline token={token} onDone={onDone} />;
  } else if (!view.accountExists) {
    body = <CreateAccount token={token} view={view} onDone={onDone} />;
  } else if (loginStep === "twoFactor") {
    body = (
      <TwoFactorStep
        onStartAgain={(message) => {
          setNotice(message);
          setLoginStep("login");
        }}
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text fw={500}>Log in as {view.email} to answer the invitation.</Text>
        <LoginStep
          email={view.email}
          onEmailChange={() => undefined}
          onForgotPassword={() => onDone(null)}
          notice={notice}
          onTwoFactor={() => setLoginStep("twoFactor")}
          emailLocked
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <InvitationSummary view={view} />
      {body}
      {signedInAs === null && <DeclineButton token={token} onDone={onDone} />}
    </Stack>
  );
}

function AnotherAddress({ view, signedInEmail }: { view: InvitationView; signedInEmail: string }) {
  const signOut = useSignOut();
  return (
    <Stack gap="sm">
      <Alert color="yellow" role="status">
        {PROGRAM_USER_MESSAGES.invitationForAnotherAddress(view.email)} You are signed in as {signedInEmail}.
      </Alert>
      <Button variant="default" onClick={() => void signOut()}>
        Sign out
      </Button>
    </Stack>
  );
}

function AcceptOrDecline({ token, onDone }: { token: string; onDone: (message: string | null) => void }) {
  const refreshSession = useRefreshSession();
  const [pending, setPending] = useState<"accept" | "decline" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function answer(action: "accept" | "decline") {
    setPending(action);
    setFailure(null);
    try {
      if (action === "accept") {
        await apiSend("POST", apiPath`/api/invitations/${token}/accept`, undefined, acceptedInvitationSchema);
        await refreshSession();
        onDone(null);
      } else {
        await apiSend("POST", apiPath`/api/invitations/${token}/decline`, undefined, okSchema);
        onDone(SIGN_IN_TEXT.invitationDeclined);
      }
    } catch (error) {
      setFailure(failureOf(error));
      setPending(null);
    }
  }

  return (
    <Stack gap="sm">
      <FormAlert message={failure} />
      <Group grow>
        <Button
          loading={pending === "accept"}
          disabled={pending !== null}
          onClick={() => void answer("accept")}
        >
          Accept
        </Button>
        <Button
          variant="default"
          loading={pending === "decline"}
          disabled={pending !== null}
          onClick={() => void answer("decline")}
        >
          Decline
        </Button>
      </Group>
    </Stack>
  );
}

function DeclineButton({ token, onDone }: { token: string; onDone: (message: string | null) => void }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <FormAlert message={failure} />
      <Button
        variant="subtle"
        loading={pending}
        onClick={async () => {
          setPending(true);
          try {
            await apiSend("POST", apiPath`/api/invitations/${token}/decline`, undefined, okSchema);
            onDone(SIGN_IN_TEXT.invitationDeclined);
          } catch (error) {
            setFailure(failureOf(error));
            setPending(false);
          }
        }}
      >
        Decline the invitation
      </Button>
    </Stack>
  );
}

/** No account has the address: name and password make one, accept the invitation and sign in. */
function CreateAccount({
  token,
  view,
  onDone,
}: {
  token: string;
  view: InvitationView;
  onDone: (message: string | null) => void;
}) {
  const refreshSession = useRefreshSession();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = accountFormSchema.safeParse({ name, password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      await apiSend(
        "POST",
        apiPath`/api/invitations/${token}/account`,
        { name: parsed.data.name, password: parsed.data.password },
        acceptedInvitationSchema,
      );
    } catch (error) {
      setFailure(failureOf(error));
      setPending(false);
      return;
    }
    const signedIn = await signInWithPassword(view.email, parsed.data.password);
    if (signedIn.error) {
      onDone(SIGN_IN_TEXT.invitationAccountCreated);
      return;
    }
    await refreshSession();
    onDone(null);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          Create your account to accept
        </Title>
        <FormAlert message={failure} />
        <TextInput label="Email" value={view.email} readOnly autoComplete="username" />
        <TextInput
          label="Your name"
          autoComplete="name"
          maxLength={MAX_NAME_LENGTH}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <NewPasswordFields
          labels={{ password: "Password", confirm: "Confirm password" }}
          password={password}
          confirmPassword={confirmPassword}
          errors={errors}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirmPassword}
        />
        <Button type="submit" loading={pending} fullWidth>
          Create account and accept
        </Button>
      </Stack>
    </form>
  );
}
