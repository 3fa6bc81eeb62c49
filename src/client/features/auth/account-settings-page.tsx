import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { TWO_FACTOR_TEXT, type TwoFactorStatus } from "../../../shared/schemas/two-factor";
import { PageLoader } from "../../components/page-loader";
import { notify } from "../../lib/notify";
import { useSignedInSession } from "../../lib/signed-in-session";
import { BackupCodes } from "./backup-codes";
import { PasswordConfirmation } from "./password-confirmation";
import {
  disableTwoFactor,
  holdsAdminRole,
  passwordFailureMessage,
  regenerateBackupCodes,
  useRefreshTwoFactorStatus,
  useTwoFactorStatus,
} from "./two-factor-api";
import { TwoFactorSetup } from "./two-factor-setup";
import { TWO_FACTOR_PAGE_TEXT } from "./two-factor-text";

/** /account: the signed-in user's account settings — for now, two-factor authentication (decision 015). */
export function AccountSettingsPage() {
  const { user, profile, actor } = useSignedInSession();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Account settings</Title>
      <Text>
        Signed in as {profile.name} ({profile.email})
      </Text>
      <Paper withBorder p="md" component="section" aria-labelledby="two-factor-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="two-factor-title">
            Two-factor authentication
          </Title>
          {holdsAdminRole(actor) ? (
            <TwoFactorSection userId={user.id} />
          ) : (
            <Text>{TWO_FACTOR_TEXT.adminsOnly}</Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

type Panel = "none" | "setup" | "disable" | "regenerate" | { codes: string[] };

function TwoFactorSection({ userId }: { userId: string }) {
  const status = useTwoFactorStatus(userId);
  const refresh = useRefreshTwoFactorStatus(userId);
  const [panel, setPanel] = useState<Panel>("none");

  if (status.isPending) return <PageLoader />;
  if (status.isError)
    return <Text c="red.9">Error loading two-factor authentication: {status.error.message}</Text>;
  const { enabled, requiredBy } = status.data;
  const close = () => setPanel("none");

  return (
    <Stack gap="sm">
      <Text size="sm">{TWO_FACTOR_PAGE_TEXT.intro}</Text>
      <RequirementNotice status={status.data} />
      <Group gap="xs">
        <Badge color={enabled ? "green" : "gray"} variant="light">
          {enabled ? "On" : "Off"}
        </Badge>
        <Text size="sm">{enabled ? TWO_FACTOR_PAGE_TEXT.on : TWO_FACTOR_PAGE_TEXT.off}</Text>
      </Group>

      {panel === "none" && !enabled && (
        <div>
          <Button onClick={() => setPanel("setup")}>Set up two-factor authentication</Button>
        </div>
      )}
      {panel === "setup" && (
        <TwoFactorSetup
          onCancel={() => {
            close();
            void refresh();
          }}
          onDone={() => {
            close();
            notify(TWO_FACTOR_PAGE_TEXT.turnedOn);
            void refresh();
          }}
        />
      )}

      {panel === "none" && enabled && (
        <Group>
          <Button variant="default" onClick={() => setPanel("regenerate")}>
            Get new backup codes
          </Button>
          {requiredBy.length === 0 && (
            <Button variant="default" color="red" onClick={() => setPanel("disable")}>
              Turn off
            </Button>
          )}
        </Group>
      )}
      {panel === "regenerate" && (
        <PasswordConfirmation
          explanation={TWO_FACTOR_PAGE_TEXT.regeneratePassword}
          submitLabel="Get new backup codes"
          onCancel={close}
          onSubmit={async (password) => {
            const answer = await regenerateBackupCodes(password);
            if (answer.error || !answer.data) return failure(answer.error);
            setPanel({ codes: answer.data.backupCodes });
            return null;
          }}
        />
      )}
      {typeof panel === "object" && <BackupCodes codes={panel.codes} onDone={close} />}
      {panel === "disable" && (
        <PasswordConfirmation
          explanation={TWO_FACTOR_PAGE_TEXT.disablePassword}
          submitLabel="Turn off two-factor authentication"
          danger
          onCancel={close}
          onSubmit={async (password) => {
            const answer = await disableTwoFactor(password);
            if (answer.error) return failure(answer.error);
            close();
            notify(TWO_FACTOR_PAGE_TEXT.turnedOff);
            await refresh();
            return null;
          }}
        />
      )}
    </Stack>
  );
}

function failure(error: Parameters<typeof passwordFailureMessage>[0] | null): string {
  return passwordFailureMessage(error ?? { status: 500, code: undefined, message: undefined });
}

function RequirementNotice({ status }: { status: TwoFactorStatus }) {
  if (status.requiredBy.length === 0) return null;
  return (
    <Alert color={status.enabled ? "blue" : "yellow"} variant="light">
      {status.enabled
        ? TWO_FACTOR_PAGE_TEXT.requiredKeepOn(status.requiredBy)
        : TWO_FACTOR_PAGE_TEXT.requiredBy(status.requiredBy)}
    </Alert>
  );
}
