import {
  Alert,
  Button,
  CloseButton,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { formatAmount } from "../../../shared/email/committee-template";
import { COMMITTEE_LIMITS, EMAIL_PLACEHOLDERS } from "../../../shared/schemas/committee";
import type { DecisionStatus } from "../../../shared/schemas/reviews";
import { GrowingTextarea } from "../../components/growing-textarea";
import { useSendCustomEmail } from "./email-api";
import {
  checkEmailForm,
  countAddresses,
  type EmailDraft,
  initialEmailDraft,
  previewEmail,
  SEND_FAILED,
  type SendOutcome,
  sendBlockedReasons,
  sendOutcome,
} from "./email-form-rules";

/** A candidate the committee may email: a row of the candidate table the dialog was opened from. */
export interface EmailRecipient {
  submissionId: string;
  identifier: string;
  status: DecisionStatus;
  amount: number | null;
}

interface SendEmailsDialogProps {
  opened: boolean;
  onClose: () => void;
  programId: string;
  recipients: EmailRecipient[];
}

/** Recipients listed before "Show all": a list of thousands stays quick to open. */
const RECIPIENTS_SHOWN = 100;

/**
 * Send Emails (review-and-administration, "5. Validation rules", "8. Error catalogue"): the committee's
 * template filled per candidate and sent through the outbox, then an alert with the accepted and refused
 * addresses.
 */
export function SendEmailsDialog({ opened, onClose, ...rest }: SendEmailsDialogProps) {
  // While a send is in flight the dialog stays open: closing would lose its result, and a new opening
  // (with a new idempotency key) could send the same emails again.
  const [sending, setSending] = useState(false);
  const close = () => {
    if (!sending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Send Emails"
      size="xl"
      closeOnEscape={!sending}
      closeOnClickOutside={!sending}
      closeButtonProps={{ "aria-label": "Close", disabled: sending }}
    >
      {/* The form unmounts with the closed dialog: every opening starts afresh, with a new key. */}
      <SendEmailsForm {...rest} onClose={close} onSendingChange={setSending} />
    </Modal>
  );
}

type SendEmailsFormProps = Omit<SendEmailsDialogProps, "opened"> & {
  onSendingChange: (sending: boolean) => void;
};

type DraftField = keyof EmailDraft;

function SendEmailsForm({ programId, recipients, onClose, onSendingChange }: SendEmailsFormProps) {
  const [draft, setDraft] = useState(initialEmailDraft);
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  // One key per opening, reused by every retry: the server answers a repeated key with the first result,
  // so a double click, a timeout retried or a resend after a lost answer never emails anyone twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const inFlight = useRef(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const sendEmail = useSendCustomEmail();
  const reasonsId = useId();

  // The Send button was disabled while loading (and is gone after a success), which drops the focus:
  // it goes to the result instead, which a screen reader then reads.
  useEffect(() => {
    if (outcome !== null) resultRef.current?.focus();
  }, [outcome]);

  const chosen = recipients.filter((recipient) => !removed.has(recipient.submissionId));
  const check = checkEmailForm({
    programId,
    submissionIds: chosen.map((recipient) => recipient.submissionId),
    draft,
    idempotencyKey,
  });
  const sent = outcome?.kind === "sent";
  const locked = sendEmail.isPending || sent;
  const reasons = sendBlockedReasons(check.errors);

  const edit = (field: DraftField, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const touch = (field: DraftField) => setTouched((current) => new Set(current).add(field));
  const shownError = (field: DraftField) => (touched.has(field) ? check.errors[field] : undefined);

  async function send(event: FormEvent) {
    event.preventDefault();
    // The ref answers a second click before React has re-rendered the button as disabled.
    if (inFlight.current || check.request === null || sent) return;
    inFlight.current = true;
    onSendingChange(true);
    setOutcome(null);
    try {
      setOutcome(sendOutcome(await sendEmail.mutateAsync(check.request)));
    } catch (error) {
      console.error("Sending the committee's email failed", error);
      setOutcome(SEND_FAILED);
    } finally {
      inFlight.current = false;
      onSendingChange(false);
    }
  }

  const first = chosen[0];
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <Stack gap="md">
        <RecipientList
          recipients={chosen}
          disabled={locked}
          onRemove={(submissionId) => setRemoved((current) => new Set(current).add(submissionId))}
        />
        <TextInput
          label="Subject"
          withAsterisk
          data-autofocus
          maxLength={COMMITTEE_LIMITS.emailSubjectLength}
          value={draft.subject}
          error={shownError("subject")}
          readOnly={locked}
          onChange={(event) => edit("subject", event.currentTarget.value)}
          onBlur={() => touch("subject")}
        />
        <GrowingTextarea
          label="Body"
          withAsterisk
          description={`Placeholders, filled for each candidate: ${EMAIL_PLACEHOLDERS.name} (the applicant's name), ${EMAIL_PLACEHOLDERS.application} (the application), ${EMAIL_PLACEHOLDERS.amount} (the amount decided, e.g. ${formatAmount(1500)}; empty when none).`}
          minRows={8}
          maxRows={18}
          maxLength={COMMITTEE_LIMITS.emailBodyLength}
          value={draft.body}
          error={shownError("body")}
          readOnly={locked}
          onChange={(event) => edit("body", event.currentTarget.value)}
          onBlur={() => touch("body")}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Reply-to"
            description="Optional: where the candidates' replies go."
            type="email"
            autoComplete="email"
            value={draft.replyTo}
            error={shownError("replyTo")}
            readOnly={locked}
            onChange={(event) => edit("replyTo", event.currentTarget.value)}
            onBlur={() => touch("replyTo")}
          />
          <TextInput
            label="Bcc"
            description="Optional: receives a copy of every email."
            type="email"
            autoComplete="email"
            value={draft.bcc}
            error={shownError("bcc")}
            readOnly={locked}
            onChange={(event) => edit("bcc", event.currentTarget.value)}
            onBlur={() => touch("bcc")}
          />
        </Group>

        {first !== undefined && <EmailPreview draft={draft} recipient={first} />}

        {outcome !== null && (
          <div ref={resultRef} tabIndex={-1}>
            <SendResult outcome={outcome} />
          </div>
        )}

        {!sent && reasons.length > 0 && (
          <Text id={reasonsId} size="sm" c="gray.7">
            {`Send is unavailable: ${reasons.join(" ")}`}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={sendEmail.isPending}>
            Close
          </Button>
          {!sent && (
            <Button
              type="submit"
              loading={sendEmail.isPending}
              disabled={check.request === null}
              aria-describedby={reasons.length > 0 ? reasonsId : undefined}
            >
              {`Send ${chosen.length === 1 ? "1 email" : `${chosen.length} emails`}`}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

interface RecipientListProps {
  recipients: EmailRecipient[];
  disabled: boolean;
  onRemove: (submissionId: string) => void;
}

/** Who the emails go to, each removable; focus moves to a neighbour so the keyboard is never lost. */
function RecipientList({ recipients, disabled, onRemove }: RecipientListProps) {
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const shown = showAll ? recipients : recipients.slice(0, RECIPIENTS_SHOWN);

  function remove(event: MouseEvent<HTMLButtonElement>, submissionId: string) {
    const item = event.currentTarget.closest("li");
    const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
    const next = neighbour?.querySelector("button") ?? document.getElementById(headingId);
    next?.focus();
    onRemove(submissionId);
  }

  return (
    <section aria-labelledby={headingId}>
      {/* Focusable from script only: where the focus goes when the last recipient is removed. */}
      <Title order={3} size="h5" id={headingId} mb="xs" tabIndex={-1}>
        {`Recipients (${recipients.length})`}
      </Title>
      {recipients.length === 0 ? (
        <Text size="sm" c="red.9">
          No recipients: close the dialog and choose candidates in the table.
        </Text>
      ) : (
        <Paper withBorder p="xs" mah={180} style={{ overflowY: "auto" }}>
          <List listStyleType="none" spacing={2} size="sm">
            {shown.map((recipient) => (
              <List.Item key={recipient.submissionId}>
                <Group gap="xs" wrap="nowrap">
                  <CloseButton
                    size="sm"
                    aria-label={`Remove ${recipient.identifier}`}
                    disabled={disabled}
                    onClick={(event) => remove(event, recipient.submissionId)}
                  />
                  <Text size="sm" span>
                    {recipient.identifier}
                  </Text>
                  {recipient.amount !== null && (
                    <Text size="sm" span c="gray.7">
                      {formatAmount(recipient.amount)}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
          {shown.length < recipients.length && (
            <Button variant="subtle" size="xs" mt="xs" onClick={() => setShowAll(true)}>
              {`Show all ${recipients.length} recipients`}
            </Button>
          )}
        </Paper>
      )}
    </section>
  );
}

/** The email as the first recipient will read it (the server fills the applicant's real name). */
function EmailPreview({ draft, recipient }: { draft: EmailDraft; recipient: EmailRecipient }) {
  const preview = previewEmail(draft, recipient);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {`Preview for ${recipient.identifier}`}
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        {`Here ${EMAIL_PLACEHOLDERS.name} shows the application's name; each email uses the applicant's own name.`}
      </Text>
      <Paper withBorder p="sm">
        <Text fw={600} size="sm">{`Subject: ${preview.subject}`}</Text>
        <Text size="sm" mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {preview.body}
        </Text>
      </Paper>
    </section>
  );
}

/** The result alert: the addresses accepted into the outbox and those refused. */
function SendResult({ outcome }: { outcome: SendOutcome }) {
  if (outcome.kind === "failed") {
    return (
      <Alert color="red" variant="light" title={outcome.message}>
        {outcome.rejected.length > 0 && <AddressList label="Rejected" addresses={outcome.rejected} />}
      </Alert>
    );
  }
  return (
    <Alert color={outcome.rejected.length > 0 ? "yellow" : "green"} variant="light" title="Emails sent">
      <Stack gap="xs">
        <AddressList label="Accepted" addresses={outcome.accepted} />
        {outcome.rejected.length > 0 && <AddressList label="Rejected" addresses={outcome.rejected} />}
      </Stack>
    </Alert>
  );
}

function AddressList({ label, addresses }: { label: string; addresses: string[] }) {
  return (
    <div>
      <Text size="sm" fw={600}>{`${label} (${addresses.length})`}</Text>
      {/* Focusable, so a keyboard can scroll a long list. */}
      <List size="sm" mah={120} style={{ overflowY: "auto" }} tabIndex={0} aria-label={`${label} addresses`}>
        {countAddresses(addresses).map(({ address, count }) => (
          <List.Item key={address}>{count > 1 ? `${address} (${count} emails)` : address}</List.Item>
        ))}
      </List>
    </div>
  );
}
