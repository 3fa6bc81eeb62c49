import { Button, Collapse, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useId } from "react";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Notice } from "./notice";

interface PublishedBannerProps {
  details: ReactNode;
  saveStatus: ReactNode;
  saving: boolean;
  unpublishing: boolean;
  onSave: () => void;
  onUnpublish: () => void;
  onManageAccess: () => void;
  onApplicantLink: () => void;
  /** The Form Customization button: the look and the French texts may still change once published. */
  customization: ReactNode;
}

/** Replaces the header once the form is published; the name and description fold away. */
export function PublishedBanner({
  details,
  saveStatus,
  saving,
  unpublishing,
  onSave,
  onUnpublish,
  onManageAccess,
  onApplicantLink,
  customization,
}: PublishedBannerProps) {
  const [detailsOpen, detailsToggle] = useDisclosure(false);
  const [confirming, confirmToggle] = useDisclosure(false);
  const detailsId = useId();
  return (
    <Notice color="green" title="This form is published">
      <ConfirmDialog
        title="Unpublish the form?"
        opened={confirming}
        confirmLabel="Unpublish"
        confirmColor="red.9"
        onClose={confirmToggle.close}
        onConfirm={() => {
          confirmToggle.close();
          onUnpublish();
        }}
      >
        <Text>
          The form goes back to draft: its applicant link and its public address stop taking responses until
          it is published again. Unpublishing is possible only while no application has been submitted.
        </Text>
      </ConfirmDialog>
      <Stack gap="sm">
        <Text size="sm">
          {`Applicants can answer it. ${FORM_MESSAGES.editAfterPublish}: only titles, descriptions, review criteria, the look and the French texts can change, and applicants see them once saved.`}
        </Text>
        <Group justify="space-between">
          {saveStatus}
          <Group gap="xs" role="group" aria-label="Form actions">
            <Button variant="default" onClick={onSave} loading={saving}>
              Save
            </Button>
            {customization}
            <Button
              variant="default"
              disabled={onManageAccess === null}
              onClick={onManageAccess ?? undefined}
            >
              Manage Applicant Access
            </Button>
            <Button
              variant="default"
              disabled={onApplicantLink === null}
              onClick={onApplicantLink ?? undefined}
            >
              Get Link for Applicants
            </Button>
            <Button variant="default" onClick={confirmToggle.open} loading={unpublishing}>
              Unpublish
            </Button>
          </Group>
        </Group>
        <Group>
          <Button
            variant="subtle"
            size="xs"
            aria-expanded={detailsOpen}
            aria-controls={detailsId}
            onClick={detailsToggle.toggle}
          >
            {detailsOpen ? "Hide form name and description" : "Show form name and description"}
          </Button>
        </Group>
        <Collapse expanded={detailsOpen} id={detailsId}>
          {details}
        </Collapse>
      </Stack>
    </Notice>
  );
}
