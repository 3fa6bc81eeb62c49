import {
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { timeLeft } from "../../../shared/forms/deadline";
import { localize } from "../../../shared/forms/localize";
import { DEFAULT_CONFIRMATION_MESSAGE } from "../../../shared/forms/model-constants";
import type { Language } from "../../../shared/i18n/catalog";
import type { ApplicantForm, ApplicantOrganization } from "../../../shared/schemas/submissions";
import { HoldFirstScreen } from "../../first-paint/first-screen";
import { formatDateTime } from "../../lib/date-format";
import { useTranslate } from "../../lib/i18n";
import { useMinuteClock } from "../../lib/use-minute-clock";

/** The form pages' width (forms-and-applicants, "2. Screens and routes": 816 px). */
export const FORM_PAGE_WIDTH = 816;

/** The public form pages (no top bar): one <main>. */
export function FormPageFrame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: "xs", sm: "xl" }}>
      {children}
    </Box>
  );
}

/** The 816 px column the form pages' cards stand in (the renderer keeps its own). */
export function FormColumn({ children }: { children: ReactNode }) {
  return (
    <Container size={FORM_PAGE_WIDTH} px="md" py="md">
      {children}
    </Container>
  );
}

/** A plain card on the form page (start choice, closed, confirmation). */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder shadow="sm" padding="xl" radius="md">
      {children}
    </Card>
  );
}

/** An applicant page while its form loads; the form's first screen in the HTML stays meanwhile, if it has one. */
export function FormPageLoader() {
  const t = useTranslate();
  return (
    <HoldFirstScreen>
      <Center py="xl" role="status">
        <Loader size="md" />
        <VisuallyHidden>{t("page.loading")}</VisuallyHidden>
      </Center>
    </HoldFirstScreen>
  );
}

/** The link back to the applicant's list (signed-in applicants only: guests have no list). */
export function BackToApplications() {
  const t = useTranslate();
  return (
    <Anchor component={Link} to="/portal/applicant" size="sm">
      {t("form.backToApplications")}
    </Anchor>
  );
}

/**
 * The closed form page (forms-and-applicants, "2. Screens and routes"):
 * "This form is currently closed to responses", or for a draft with saved answers
 * "This form is now closed. We've saved a copy of your responses…".
 */
export function ClosedView({
  withDraft,
  backLink,
  formName,
  organization,
}: {
  withDraft: boolean;
  backLink?: ReactNode;
  formName?: string;
  /** Who runs the program: the closed page says how to reach them (docs/decisions/027-stable-form-address.md). */
  organization?: ApplicantOrganization;
}) {
  const t = useTranslate();
  return (
    <FormCard>
      <Stack gap="md">
        {backLink}
        {formName && (
          <Title order={1} size="h2">
            {formName}
          </Title>
        )}
        <Text role="status" size="lg">
          {withDraft ? t("form.closedWithDraft") : t("form.closed")}
        </Text>
        {organization && <OrganizationContact organization={organization} />}
      </Stack>
    </FormCard>
  );
}

function OrganizationContact({ organization }: { organization: ApplicantOrganization }) {
  const t = useTranslate();
  if (organization.contactEmail === null) {
    return <Text>{t("form.contactNoEmail", { organization: organization.name })}</Text>;
  }
  const [before, after] = t("form.contactEmail", { organization: organization.name, email: "\u0000" }).split(
    "\u0000",
  );
  return (
    <Text>
      {before}
      <Anchor href={`mailto:${organization.contactEmail}`}>{organization.contactEmail}</Anchor>
      {after}
    </Text>
  );
}

/**
 * Who runs the program and, when the form closes on a date, how long is left and when (the spec's "Closes in N
 * days and M hours"): above the form and on its first page.
 */
export function OrganizationAndDeadline({
  form,
  language,
}: {
  form: Pick<ApplicantForm, "organization" | "closesAt" | "accepting">;
  language: Language;
}) {
  const t = useTranslate();
  const now = useMinuteClock();
  const left = form.accepting && form.closesAt !== null ? timeLeft(form.closesAt, now) : null;
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {t("form.runBy", { organization: form.organization.name })}
      </Text>
      {left !== null && form.closesAt !== null && (
        <Text size="sm" fw={500}>
          {t("status.closesIn", left)}
          {" · "}
          {t("form.closesOn", { date: formatDateTime(form.closesAt, language) })}
        </Text>
      )}
    </Stack>
  );
}

/** A message instead of the form (a disabled preview link). */
export function MessageView({ message }: { message: string }) {
  return (
    <FormCard>
      <Text role="status" size="lg">
        {message}
      </Text>
    </FormCard>
  );
}

/**
 * After submit: the form's confirmation message, Export to PDF and the back link
 * (forms-and-applicants, "2. Screens and routes", "Confirmation page after submit").
 */
export function ConfirmationView({
  form,
  language,
  onExportPdf,
  backLink,
  extra,
}: {
  form: ApplicantForm;
  language: Language;
  onExportPdf?: () => Promise<void>;
  backLink?: ReactNode;
  extra?: ReactNode;
}) {
  const t = useTranslate();
  const [exporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);
  const message = form.settings.confirmationMessage.trim() || DEFAULT_CONFIRMATION_MESSAGE;
  return (
    <FormCard>
      <Stack gap="md">
        <Title order={1} size="h2">
          {localize(form.name, language, form.settings)}
        </Title>
        <Title order={2} size="h4">
          {t("page.submittedTitle")}
        </Title>
        <Text role="status" style={{ whiteSpace: "pre-wrap" }}>
          {localize(message, language, form.settings)}
        </Text>
        {failed && (
          <Text c="red.9" role="alert">
            {t("page.pdfFailed")}
          </Text>
        )}
        <Group justify="space-between">
          <div>{backLink}</div>
          <Group gap="sm">
            {extra}
            {onExportPdf && (
              <Button
                loading={exporting}
                onClick={() => {
                  setExporting(true);
                  setFailed(false);
                  onExportPdf()
                    .catch(() => setFailed(true))
                    .finally(() => setExporting(false));
                }}
              >
                {t("form.exportPdf")}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </FormCard>
  );
}
