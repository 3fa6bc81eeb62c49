import { Badge, Group, Modal, Stack, Text } from "@mantine/core";
import type { Form } from "../../../../shared/forms/model";
import { FILLED_GREEN } from "../../../app/theme";
import { applicantUrl, isAcceptingResponses } from "./access-status";
import { CopyableLink } from "./copyable-link";
import { useNow } from "./use-now";

interface ApplicantLinkDialogProps {
  form: Form;
  opened: boolean;
  onClose: () => void;
}

/** Get Link for Applicants: the latest submission link to copy, and whether it accepts responses. */
export function ApplicantLinkDialog({ form, opened, onClose }: ApplicantLinkDialogProps) {
  const now = useNow(opened);
  const url = applicantUrl(window.location.origin, form);
  const accepting = isAcceptingResponses(form, now);
  return (
    <Modal opened={opened} onClose={onClose} title="Link for applicants">
      {url === null ? (
        <Text>The form gets its applicant link when it is published.</Text>
      ) : (
        <Stack gap="sm">
          <CopyableLink label="Applicant link" url={url} />
          <Group gap="xs">
            <AcceptingBadge accepting={accepting} />
            {!accepting && (
              <Text size="sm">Reopen the form in Manage Applicant Access to accept responses again.</Text>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function AcceptingBadge({ accepting }: { accepting: boolean }) {
  return (
    <Badge color={accepting ? FILLED_GREEN : "red.9"} variant="filled">
      {accepting ? "Accepting responses" : "Not accepting responses"}
    </Badge>
  );
}
