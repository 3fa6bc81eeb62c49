import {
  Badge,
  Box,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Language } from "../../../shared/i18n/catalog";
import type { PortalRow } from "../../../shared/schemas/submissions";
import { FILLED_GREEN } from "../../app/theme";
import { CardsOnPhone } from "../../components/cards-on-phone";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageLoader } from "../../components/page-loader";
import { formatDateTime } from "../../lib/date-format";
import { LanguageProvider, useTranslate } from "../../lib/i18n";
import { useSignedInSession } from "../../lib/signed-in-session";
import { downloadPdf, submissionApi } from "../../lib/submission-api";
import { useMinuteClock } from "../../lib/use-minute-clock";
import { useStoredLanguage } from "../../lib/use-stored-language";
import { applicantKeys, fetchApplications, PORTAL_PAGE_SIZE } from "./api";
import { formStatus, formStatusLabel, outcomeLabel, portalAction } from "./portal-rules";

/** /portal/applicant: the applicant's applications, newest first, five per page. */
export function ApplicantPortalPage() {
  const [language] = useStoredLanguage();
  return (
    <LanguageProvider language={language}>
      <Portal language={language} />
    </LanguageProvider>
  );
}

function Portal({ language }: { language: Language }) {
  const t = useTranslate();
  const { user } = useSignedInSession();
  const [requestedPage, setPage] = useState(1);
  const applications = useQuery({
    queryKey: applicantKeys.applications(user.id, requestedPage),
    queryFn: () => fetchApplications(user.id, requestedPage),
    placeholderData: keepPreviousData,
  });
  const now = useMinuteClock();

  const total = applications.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PORTAL_PAGE_SIZE));
  // Rows can vanish under the page shown: fall back to the last page left.
  useEffect(() => {
    if (applications.data && requestedPage > pageCount) setPage(pageCount);
  }, [applications.data, requestedPage, pageCount]);

  const caption = t("portal.title");
  return (
    <Stack gap="lg" lang={language}>
      <Title order={1}>{caption}</Title>
      {applications.isPending ? (
        <PageLoader />
      ) : (
        <Box>
          <CardsOnPhone minWidth={760}>
            <Table striped highlightOnHover withTableBorder aria-busy={applications.isFetching}>
              <Table.Caption>
                <VisuallyHidden>{caption}</VisuallyHidden>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("portal.formName")}</Table.Th>
                  <Table.Th scope="col">{t("portal.formStatus")}</Table.Th>
                  <Table.Th scope="col">{t("portal.submissionName")}</Table.Th>
                  <Table.Th scope="col">{t("portal.submitted")}</Table.Th>
                  <Table.Th scope="col">{t("portal.outcome")}</Table.Th>
                  <Table.Th scope="col">{t("portal.edit")}</Table.Th>
                  <Table.Th scope="col">{t("portal.download")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(applications.data?.rows ?? []).map((row) => (
                  <PortalTableRow key={row._id} row={row} now={now} language={language} />
                ))}
                {applications.data?.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text ta="center" py="md">
                        {t("portal.empty")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </CardsOnPhone>
          {pageCount > 1 && (
            <Group component="nav" aria-label={t("portal.pages", { caption })} justify="flex-end" mt="sm">
              <Pagination
                total={pageCount}
                value={Math.min(requestedPage, pageCount)}
                onChange={setPage}
                size="sm"
                getItemProps={(n) => ({ "aria-label": t("portal.page", { n }) })}
                getControlProps={(control) => ({
                  "aria-label": t(
                    control === "first"
                      ? "portal.firstPage"
                      : control === "previous"
                        ? "portal.previousPage"
                        : control === "next"
                          ? "portal.nextPage"
                          : "portal.lastPage",
                  ),
                })}
              />
            </Group>
          )}
        </Box>
      )}
    </Stack>
  );
}

function formatDate(iso: string, language: Language): string {
  return formatDateTime(iso, language);
}

function PortalTableRow({ row, now, language }: { row: PortalRow; now: Date; language: Language }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSignedInSession();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = row.identifier.trim() || row.formName.trim() || t("portal.untitled");
  const action = portalAction(row);
  const failed = (error: unknown) =>
    notifications.show({
      color: "red",
      message: t("page.actionFailed", { message: error instanceof Error ? error.message : "" }),
    });

  // "Unsubmit & Edit", once confirmed: the submission's revision first, then the date cleared, then the form,
  // which says that the application must be submitted again (`resubmit` in the navigation's state).
  const unsubmit = useMutation({
    mutationFn: async () => {
      const { submission } = await submissionApi.get(row._id, null);
      await submissionApi.setSubmitted(row._id, false, submission.revision, null, language);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: applicantKeys.allApplications(user.id) });
      setConfirming(false);
      if (action.kind !== "none")
        navigate(`/form/${action.linkId}/${row._id}`, { state: { resubmit: true } });
    },
    onError: (error) => {
      setConfirming(false);
      failed(error);
    },
  });

  return (
    <Table.Tr>
      <Table.Td data-label={t("portal.formName")} style={{ overflowWrap: "anywhere" }}>
        {row.formName}
        <Text size="xs" c="dimmed">
          {t("form.runBy", { organization: row.organizationName })}
        </Text>
      </Table.Td>
      <Table.Td data-label={t("portal.formStatus")}>
        {formStatusLabel(formStatus(row, now), t)}
        {row.submissionDate === null && row.accepting && row.closesAt !== null && (
          <Text size="xs" c="dimmed">
            {t("form.closesOn", { date: formatDate(row.closesAt, language) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={t("portal.submissionName")} style={{ overflowWrap: "anywhere" }}>
        {row.identifier}
      </Table.Td>
      <Table.Td data-label={t("portal.submitted")}>
        {/* A status, not a control: a badge rather than a checkbox that looks clickable. */}
        {row.submissionDate === null ? (
          <Badge variant="default">{t("portal.draft")}</Badge>
        ) : (
          <Badge variant="filled" color={FILLED_GREEN}>
            {t("status.submitted")}
          </Badge>
        )}
      </Table.Td>
      <Table.Td data-label={t("portal.outcome")}>{outcomeLabel(row.outcome, t, language)}</Table.Td>
      <Table.Td>
        {action.kind === "unsubmitEdit" ? (
          <Button
            size="xs"
            variant="light"
            loading={unsubmit.isPending}
            aria-label={t("portal.unsubmitEditLabel", { name })}
            onClick={() => setConfirming(true)}
          >
            {t("portal.unsubmitEdit")}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            disabled={action.kind === "none"}
            aria-label={t("portal.editLabel", { name })}
            onClick={() => {
              if (action.kind === "edit") navigate(`/form/${action.linkId}/${row._id}`);
            }}
          >
            {t("portal.edit")}
          </Button>
        )}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          loading={downloading}
          aria-label={t("portal.downloadLabel", { name })}
          onClick={() => {
            setDownloading(true);
            downloadPdf(row._id, row.identifier, language, null)
              .catch(failed)
              .finally(() => setDownloading(false));
          }}
        >
          {t("portal.download")}
        </Button>
        <ConfirmDialog
          title={t("portal.unsubmitTitle")}
          opened={confirming}
          confirmLabel={t("portal.unsubmitEdit")}
          cancelLabel={t("portal.cancel")}
          pending={unsubmit.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => unsubmit.mutate()}
        >
          <Text lang={language}>{t("portal.unsubmitBody", { name })}</Text>
        </ConfirmDialog>
      </Table.Td>
    </Table.Tr>
  );
}
