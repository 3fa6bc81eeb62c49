import { Button, Checkbox, Divider, Group, Loader, Modal, Stack, Switch, Text } from "@mantine/core";
import { type FormEvent, Suspense, useState } from "react";
import type { Form } from "../../../../shared/forms/model";
import type { FormResult } from "../../../../shared/schemas/forms";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { timeZoneNote } from "../../../components/date-values";
import { FormAlert } from "../../../components/form-alert";
import { formatDateTime } from "../../../lib/date-format";
import { lazyComponent } from "../../../lib/lazy-component";
import { notify } from "../../../lib/notify";
import {
  closesInLabel,
  initialCloseInput,
  isAcceptingResponses,
  keptScheduledClose,
  latestSubmissionLink,
  scheduledCloseAt,
  toDateTimeLocal,
} from "./access-status";
import { useChangeAccess } from "./api";
import { AcceptingBadge } from "./applicant-link-dialog";
import { useNow } from "./use-now";

interface ApplicantAccessDialogProps {
  form: Form;
  opened: boolean;
  onClose: () => void;
  /** Each change answers the whole form (new links, allowEdit, revision): the builder takes it over. */
  onChanged: (result: FormResult) => void;
}

export const ACCESS_MESSAGES = {
  closed: "The form no longer accepts responses.",
  scheduled: (when: string) => `The form will stop accepting responses on ${when}.`,
  reopened: "The form accepts responses again, through a new applicant link. Its public address opens it.",
  editAllowed: "Applicants can now edit submitted applications.",
  editDisallowed: "Applicants can no longer edit submitted applications.",
} as const;

// The calendar (@mantine/dates, dayjs and their styles) loads when the dialog first opens, not with the builder.
const DateTimeField = lazyComponent(
  () => import("../../../components/date-fields"),
  (m) => m.DateTimeField,
);

/**
 * Manage Applicant Access (forms-and-applicants, "4. States and transitions", "Access"): the form accepts
 * responses while its latest submission link has no close date or one in the future. Close now, schedule a
 * close (default 7 days ahead, or the close already scheduled), reopen (a new applicant link, keeping a close
 * scheduled before closing early unless the admin drops it), and allow editing of submitted applications
 * while accepting. Close now and Reopen ask first (docs/decisions/027-stable-form-address.md).
 */
export function ApplicantAccessDialog({ form, opened, onClose, onChanged }: ApplicantAccessDialogProps) {
  // While a confirmation is open over it, Escape closes the confirmation only.
  const [confirming, setConfirming] = useState<Confirming>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={confirming === null}
      title="Manage Applicant Access"
    >
      {/* Mounted only while open: every opening starts with no error and a fresh default close date. */}
      <AccessPanel form={form} onChanged={onChanged} confirming={confirming} setConfirming={setConfirming} />
    </Modal>
  );
}

type Confirming = "close" | "reopen" | null;

function AccessPanel({
  form,
  onChanged,
  confirming,
  setConfirming,
}: Pick<ApplicantAccessDialogProps, "form" | "onChanged"> & {
  confirming: Confirming;
  setConfirming: (confirming: Confirming) => void;
}) {
  const now = useNow(true);
  const change = useChangeAccess(form._id);
  const [failure, setFailure] = useState<string | null>(null);
  const link = latestSubmissionLink(form);
  // A close already scheduled is what the field shows, not the 7-day default (decision 027).
  const [closeInput, setCloseInput] = useState(() => initialCloseInput(link, new Date()));
  const [keepSchedule, setKeepSchedule] = useState(true);
  const [closeError, setCloseError] = useState<string | null>(null);
  const accepting = isAcceptingResponses(form, now);
  const keptClose = link ? keptScheduledClose(link, now) : null;
  const pending = change.isPending;

  function run(request: Parameters<typeof change.mutate>[0], message: string) {
    if (pending) return;
    setFailure(null);
    change.mutate(request, {
      onSuccess: (result) => {
        setConfirming(null);
        onChanged(result);
        notify(message);
      },
      onError: (error) => {
        setConfirming(null);
        setFailure(error.message);
      },
    });
  }

  function schedule(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const parsed = scheduledCloseAt(closeInput, new Date());
    if ("error" in parsed) {
      setCloseError(parsed.error);
      return;
    }
    setCloseError(null);
    run({ kind: "close", at: parsed.at }, ACCESS_MESSAGES.scheduled(formatDateTime(parsed.at)));
  }

  if (link === null) {
    return <Text>Publish the form to give applicants a link and manage their access.</Text>;
  }

  return (
    <Stack gap="md">
      <FormAlert message={failure} />
      <Stack gap={4}>
        <Group gap="xs">
          <AcceptingBadge accepting={accepting} />
          <Text size="sm" fw={500}>
            {closesInLabel(link.close, now)}
          </Text>
        </Group>
        {link.close !== null && (
          <Text size="sm" c="dimmed">
            {`${accepting ? "Closes" : "Closed"} on ${formatDateTime(link.close)}`}
          </Text>
        )}
      </Stack>

      {accepting ? (
        <>
          <Group>
            <Button color="red.9" onClick={() => setConfirming("close")} loading={pending}>
              Close now
            </Button>
          </Group>
          <Divider />
          <form onSubmit={schedule} noValidate>
            <Stack gap="xs" align="flex-start">
              <Suspense fallback={<Loader size="sm" />}>
                <DateTimeField
                  label="Close on"
                  description={`Applicants can respond until this date and time. ${timeZoneNote()}`}
                  minDate={toDateTimeLocal(now).slice(0, 10)}
                  value={closeInput}
                  error={closeError}
                  onChange={setCloseInput}
                />
              </Suspense>
              <Button type="submit" variant="default" disabled={pending}>
                Schedule close
              </Button>
            </Stack>
          </form>
          <Divider />
          <Switch
            label="Allow applicants to edit submitted applications"
            checked={form.allowEdit}
            disabled={pending}
            onChange={(event) => {
              const allowEdit = event.currentTarget.checked;
              run(
                { kind: "allowEdit", allowEdit },
                allowEdit ? ACCESS_MESSAGES.editAllowed : ACCESS_MESSAGES.editDisallowed,
              );
            }}
          />
        </>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Reopening creates a new applicant link; the previous link stays closed. Editing of submitted
            applications can be allowed while the form accepts responses.
          </Text>
          <Button onClick={() => setConfirming("reopen")} loading={pending}>
            Reopen
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        title="Close the form now?"
        opened={confirming === "close"}
        confirmLabel="Close now"
        confirmColor="red.9"
        pending={pending}
        onClose={() => setConfirming(null)}
        onConfirm={() => run({ kind: "close" }, ACCESS_MESSAGES.closed)}
      >
        <Text>
          Applicants can no longer start or submit applications, through the applicant link or the public
          address; their drafts are kept.
          {link.close !== null && Date.parse(link.close) > now.getTime()
            ? ` The close scheduled for ${formatDateTime(link.close)} is kept for a reopening.`
            : ""}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        title="Reopen the form?"
        opened={confirming === "reopen"}
        confirmLabel="Reopen"
        pending={pending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          run(
            keptClose !== null && !keepSchedule ? { kind: "reopen", closeAt: null } : { kind: "reopen" },
            ACCESS_MESSAGES.reopened,
          )
        }
      >
        <Text>
          Reopening creates a new applicant link; the previous link stays closed. The form's public address
          opens the new link, so an address published on a website keeps working.
        </Text>
        {keptClose !== null && (
          <Checkbox
            label={`Keep the scheduled close: ${formatDateTime(keptClose)}`}
            checked={keepSchedule}
            onChange={(event) => setKeepSchedule(event.currentTarget.checked)}
          />
        )}
      </ConfirmDialog>
    </Stack>
  );
}
