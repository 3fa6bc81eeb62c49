import { Badge, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ADDRESS_SLUG_MAX, addressSlugSchema, applyPath } from "../../../../shared/forms/address";
import type { Form } from "../../../../shared/forms/model";
import type { FormResult } from "../../../../shared/schemas/forms";
import { FILLED_GREEN } from "../../../app/theme";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { applicantUrl, isAcceptingResponses } from "./access-status";
import { useChangeAccess } from "./api";
import { CopyableLink } from "./copyable-link";
import { useNow } from "./use-now";

interface ApplicantLinkDialogProps {
  form: Form;
  opened: boolean;
  onClose: () => void;
  /** A new address answers the whole form: the builder takes it over. */
  onChanged: (result: FormResult) => void;
}

/**
 * Get Link for Applicants: the latest submission link to copy (the spec's), the form's stable public address
 * beside it, which keeps working when the form is reopened (docs/decisions/027-stable-form-address.md), and
 * whether the form accepts responses.
 */
export function ApplicantLinkDialog({ form, opened, onClose, onChanged }: ApplicantLinkDialogProps) {
  const now = useNow(opened);
  const url = applicantUrl(window.location.origin, form);
  const accepting = isAcceptingResponses(form, now);
  return (
    <Modal opened={opened} onClose={onClose} title="Link for applicants">
      {url === null ? (
        <Text>The form gets its applicant link when it is published.</Text>
      ) : (
        <Stack gap="sm">
          {form.address && (
            <>
              <CopyableLink
                label="Public address"
                url={`${window.location.origin}${applyPath(form.address.organization, form.address.form)}`}
              />
              <Text size="sm" c="dimmed">
                Publish this address on your website and in newsletters: it always opens the form's current
                applicant link, also after the form is reopened.
              </Text>
            </>
          )}
          <CopyableLink label="Applicant link" url={url} />
          <Text size="sm" c="dimmed">
            This link stops working when the form is reopened, which creates a new one.
          </Text>
          <Group gap="xs">
            <AcceptingBadge accepting={accepting} />
            {!accepting && (
              <Text size="sm">Reopen the form in Manage Applicant Access to accept responses again.</Text>
            )}
          </Group>
          {form.address && opened && (
            <AddressEditor formId={form._id} address={form.address} onChanged={onChanged} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The form's part of the public address, which its admins may change (unique in the organization). */
function AddressEditor({
  formId,
  address,
  onChanged,
}: {
  formId: string;
  address: NonNullable<Form["address"]>;
  onChanged: (result: FormResult) => void;
}) {
  const change = useChangeAccess(formId);
  const [slug, setSlug] = useState(address.form);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const parsed = addressSlugSchema.safeParse(slug);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid address");
      return;
    }
    setError(null);
    change.mutate(
      { kind: "address", slug: parsed.data },
      {
        onSuccess: (result) => {
          onChanged(result);
          notify("The public address was changed. The previous address no longer opens the form.");
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError ? (failure.fields?.slug?.[0] ?? failure.message) : failure.message,
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" align="flex-start">
        <TextInput
          label="Change the address's ending"
          description={`${applyPath(address.organization, "")}…`}
          value={slug}
          maxLength={ADDRESS_SLUG_MAX}
          error={error}
          w="100%"
          onChange={(event) => setSlug(event.currentTarget.value)}
        />
        <Button type="submit" variant="default" loading={change.isPending}>
          Save address
        </Button>
      </Stack>
    </form>
  );
}

export function AcceptingBadge({ accepting }: { accepting: boolean }) {
  return (
    <Badge color={accepting ? FILLED_GREEN : "red.9"} variant="filled">
      {accepting ? "Accepting responses" : "Not accepting responses"}
    </Badge>
  );
}
