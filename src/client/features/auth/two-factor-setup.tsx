import { Code, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { FormAlert } from "../../components/form-alert";
import { BackupCodes } from "./backup-codes";
import { SubmitOrCancel, useFieldSubmit } from "./field-form";
import { PasswordConfirmation } from "./password-confirmation";
import { QrCode } from "./qr-code";
import { confirmTwoFactor, enableTwoFactor, passwordFailureMessage } from "./two-factor-api";
import { TWO_FACTOR_PAGE_TEXT } from "./two-factor-text";

/** The app's secret as the URI carries it (base32), in groups of four for typing it in by hand. */
export function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

type Stage =
  | { name: "password" }
  | { name: "scan"; totpUri: string; backupCodes: string[] }
  | { name: "backupCodes"; backupCodes: string[] };

/**
 * Setting up: the password, then the app (QR code, or the secret typed in) confirmed with its first
 * code, then the backup codes, once. Two-factor authentication is on from the confirmed code.
 */
export function TwoFactorSetup({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const [stage, setStage] = useState<Stage>({ name: "password" });

  if (stage.name === "password") {
    return (
      <PasswordConfirmation
        explanation={TWO_FACTOR_PAGE_TEXT.setupPassword}
        submitLabel="Continue"
        onCancel={onCancel}
        onSubmit={async (password) => {
          const answer = await enableTwoFactor(password);
          if (answer.error || !answer.data)
            return passwordFailureMessage(
              answer.error ?? { status: 500, code: undefined, message: undefined },
            );
          setStage({ name: "scan", totpUri: answer.data.totpURI, backupCodes: answer.data.backupCodes });
          return null;
        }}
      />
    );
  }
  if (stage.name === "scan") {
    return (
      <ScanAndConfirm
        totpUri={stage.totpUri}
        onCancel={onCancel}
        onConfirmed={() => setStage({ name: "backupCodes", backupCodes: stage.backupCodes })}
      />
    );
  }
  return <BackupCodes codes={stage.backupCodes} onDone={onDone} />;
}

function ScanAndConfirm({
  totpUri,
  onCancel,
  onConfirmed,
}: {
  totpUri: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const [code, setCode] = useState("");
  const trimmed = code.replace(/\s+/g, "");
  const { input, error, pending, submit } = useFieldSubmit(async () => {
    const answer = await confirmTwoFactor(trimmed);
    if (answer.error) {
      return answer.error.status === 429
        ? TWO_FACTOR_PAGE_TEXT.tooManyCodes
        : TWO_FACTOR_PAGE_TEXT.wrongSetupCode;
    }
    onConfirmed();
    return null;
  }, trimmed !== "");

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{TWO_FACTOR_PAGE_TEXT.scan}</Text>
        <QrCode text={totpUri} label="QR code to add DecisionHub to your authenticator app" />
        <Text size="sm" id="totp-secret-label">
          Can't scan it? Enter this key in the app instead:
        </Text>
        <Text>
          <Code
            fz="md"
            data-testid="totp-secret"
            aria-describedby="totp-secret-label"
            style={{ wordBreak: "break-all" }}
          >
            {secretOf(totpUri)}
          </Code>
        </Text>
        <FormAlert message={error} />
        <TextInput
          ref={input}
          label="Code from your app"
          description="The 6-digit code the app shows for DecisionHub"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          maw={220}
          value={code}
          error={error !== null}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <SubmitOrCancel label="Turn on" disabled={trimmed === ""} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
