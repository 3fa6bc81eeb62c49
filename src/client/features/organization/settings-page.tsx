import { Button, Group, Radio, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { MAX_NAME_LENGTH } from "../../../shared/limits";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import {
  type Organization,
  organizationResultSchema,
  RATING_INCREMENTS,
  storedOrganizationSettingsSchema,
  updateOrganizationBodySchema,
} from "../../../shared/schemas/organizations";
import {
  OrganizationLoadFailure,
  useAdministeredOrganization,
} from "../../components/administered-organization";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { FormAlert } from "../../components/form-alert";
import { PageLoader } from "../../components/page-loader";
import { apiGet, apiPath } from "../../lib/api-client";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { fieldErrors } from "../../lib/form-errors";
import { notify } from "../../lib/notify";
import { useUpdateOrganization } from "./api";
import { TwoFactorRequirement } from "./two-factor-requirement";

type Increment = Organization["increment"];
type Settings = { name: string; increment: Increment; contactEmail: string | null };

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
  const [contactEmail, setContactEmail] = useState(organization.contactEmail ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The settings this save replaces (decision 016), and the ones stored now after a conflict.
  const [seen, setSeen] = useState<Settings>({
    name: organization.name,
    increment: organization.increment,
    contactEmail: organization.contactEmail,
  });
  const [theirs, setTheirs] = useState<Settings | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const contactEmailInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (theirs === null) save(seen);
  }

  function save(expected: Settings) {
    if (updateOrganization.isPending) return;
    setFailure(null);
    const parsed = updateOrganizationBodySchema.safeParse({
      orgId: organization._id,
      name,
      increment,
      contactEmail,
      expected,
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      if (found.name !== undefined) nameInput.current?.focus();
      else if (found.contactEmail !== undefined) contactEmailInput.current?.focus();
      return;
    }
    setErrors({});
    // Sent as typed (trimmed): the server reads an empty address as "none".
    updateOrganization.mutate(
      { ...parsed.data, contactEmail: parsed.data.contactEmail ?? "" },
      {
        onSuccess: (result) => {
          // The server trims the name: show what was saved.
          setName(result.organization.name);
          setContactEmail(result.organization.contactEmail ?? "");
          setSeen({
            name: result.organization.name,
            increment: result.organization.increment,
            contactEmail: result.organization.contactEmail,
          });
          notify("Organization settings saved");
        },
        onError: async (error) => {
          if (isEditConflict(error, "organization")) {
            try {
              setTheirs(
                await storedValueOf(error, storedOrganizationSettingsSchema, async () => {
                  const read = await apiGet(
                    apiPath`/api/organizations/${organization._id}`,
                    organizationResultSchema,
                  );
                  const stored = read.organization;
                  return {
                    name: stored.name,
                    increment: stored.increment,
                    contactEmail: stored.contactEmail,
                  };
                }),
              );
              return;
            } catch (unread) {
              setFailure(unread instanceof Error ? unread.message : String(unread));
              return;
            }
          }
          setFailure(error.message);
        },
      },
    );
  }

  const settingsText = (settings: Settings) =>
    [settings.name, INCREMENT_LABELS[settings.increment], settings.contactEmail ?? "no contact email"].join(
      ", ",
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={failure} />
        {theirs !== null && (
          <EditConflictNotice
            title="These settings were changed by someone else"
            message={EDIT_CONFLICT_MESSAGES.organization}
            theirs={settingsText(theirs)}
            yours={settingsText({ name: name.trim(), increment, contactEmail: contactEmail.trim() || null })}
            label="organization settings"
            onReload={() => {
              setName(theirs.name);
              setIncrement(theirs.increment);
              setContactEmail(theirs.contactEmail ?? "");
              setSeen(theirs);
              setTheirs(null);
            }}
            onKeepMine={() => {
              setSeen(theirs);
              setTheirs(null);
              save(theirs);
            }}
          />
        )}
        <TextInput
          ref={nameInput}
          label="Organization name"
          required
          maxLength={MAX_NAME_LENGTH}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          ref={contactEmailInput}
          type="email"
          label="Contact email"
          description="Shown to applicants on a closed form's page, so they know how to reach you. Leave empty for none."
          autoComplete="email"
          maxLength={254}
          value={contactEmail}
          error={errors.contactEmail}
          onChange={(event) => setContactEmail(event.currentTarget.value)}
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
