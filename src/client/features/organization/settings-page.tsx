import { Button, Group, Radio, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { MAX_NAME_LENGTH } from "../../../shared/limits";
import {
  type Organization,
  RATING_INCREMENTS,
  updateOrganizationBodySchema,
} from "../../../shared/schemas/organizations";
import { FormAlert } from "../../components/form-alert";
import { PageLoader } from "../../components/page-loader";
import { fieldErrors } from "../../lib/form-errors";
import { notify } from "../../lib/notify";
import { OrganizationLoadFailure, useAdministeredOrganization } from "./administered-organization";
import { useUpdateOrganization } from "./api";
import { TwoFactorRequirement } from "./two-factor-requirement";

type Increment = Organization["increment"];

const INCREMENT_LABELS: Record<Increment, string> = {
  1: "1 (whole points)",
  0.5: "0.5 (half points)",
};

/** /organization/settings: the organization admin names the organization and sets its rating increment. */
export function OrganizationSettingsPage() {
  const { userId, organization } = useAdministeredOrganization();

  if (organization.isPending) return <PageLoader />;
  if (organization.isError) return <OrganizationLoadFailure error={organization.error} />;
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Organization Settings</Title>
      <SettingsForm userId={userId} organization={organization.data} />
      <TwoFactorRequirement userId={userId} orgId={organization.data._id} />
    </Stack>
  );
}

function SettingsForm({ userId, organization }: { userId: string; organization: Organization }) {
  const updateOrganization = useUpdateOrganization(userId);
  const [name, setName] = useState(organization.name);
  const [increment, setIncrement] = useState<Increment>(organization.increment);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (updateOrganization.isPending) return;
    setFailure(null);
    const parsed = updateOrganizationBodySchema.safeParse({ orgId: organization._id, name, increment });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      if (found.name !== undefined) nameInput.current?.focus();
      return;
    }
    setErrors({});
    updateOrganization.mutate(parsed.data, {
      onSuccess: (result) => {
        // The server trims the name: show what was saved.
        setName(result.organization.name);
        notify("Organization settings saved");
      },
      onError: (error) => setFailure(error.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={failure} />
        <TextInput
          ref={nameInput}
          label="Organization name"
          required
          maxLength={MAX_NAME_LENGTH}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Radio.Group
          label="Rating scale increment"
          description="The steps committee members rate in."
          value={String(increment)}
          onChange={(value) => setIncrement(value === "0.5" ? 0.5 : 1)}
          error={errors.increment}
        >
          <Group gap="lg" mt="xs">
            {RATING_INCREMENTS.map((option) => (
              <Radio key={option} value={String(option)} label={INCREMENT_LABELS[option]} />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={updateOrganization.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
