import { List, Stack, Switch, Text, Title } from "@mantine/core";
import { useState } from "react";
import { FormAlert } from "../../components/form-alert";
import { notify } from "../../lib/notify";
import { useOrganizationTwoFactor, useSetOrganizationTwoFactor } from "./api";

/**
 * Organization Settings' "Require two-factor authentication for admins" (decision 015): saved as soon as
 * it is switched, with the admins it would hold back listed, so the organization admin knows who to tell.
 */
export function TwoFactorRequirement({ userId, orgId }: { userId: string; orgId: string }) {
  const setting = useOrganizationTwoFactor(userId, orgId);
  const save = useSetOrganizationTwoFactor(userId, orgId);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="security-title">
      <Title order={2} size="h3" id="security-title">
        Security
      </Title>
      {setting.isPending && <Text size="sm">Loading…</Text>}
      {setting.isError && <Text c="red.9">Error loading the security settings: {setting.error.message}</Text>}
      {setting.data && (
        <>
          <FormAlert message={failure} />
          <Switch
            label="Require two-factor authentication for admins"
            description="The organization admin and every program admin must sign in with a code from an authenticator app. Until they set it up in their account settings, they can sign in but cannot use admin features."
            checked={setting.data.required}
            disabled={save.isPending}
            onChange={(event) => {
              const required = event.currentTarget.checked;
              setFailure(null);
              save.mutate(required, {
                onSuccess: () =>
                  notify(
                    required
                      ? "Two-factor authentication is now required for admins"
                      : "Two-factor authentication is no longer required for admins",
                  ),
                onError: (error) => setFailure(error.message),
              });
            }}
          />
          <AdminsWithout names={setting.data.adminsWithoutTwoFactor} required={setting.data.required} />
        </>
      )}
    </Stack>
  );
}

function AdminsWithout({ names, required }: { names: string[]; required: boolean }) {
  if (names.length === 0) return <Text size="sm">Every admin has set up two-factor authentication.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm" id="admins-without-two-factor">
        {required
          ? "These admins have not set it up yet and cannot use admin features until they do:"
          : "These admins have not set up two-factor authentication:"}
      </Text>
      <List size="sm" aria-labelledby="admins-without-two-factor">
        {names.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
