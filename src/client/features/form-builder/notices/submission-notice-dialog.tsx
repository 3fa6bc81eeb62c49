import { Button, Checkbox, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type SubmissionNotice, submissionNoticeSchema } from "../../../../shared/schemas/applicant-emails";
import { FormAlert } from "../../../components/form-alert";
import { apiGet, apiPath, apiSend } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";

const noticeKey = (formId: string) => ["forms", formId, "submissionNotice"] as const;

/**
 * The header's "Submission notices" button and its dialog (forms-and-applicants, "7. The calls": a notice
 * to an admin list, here chosen per form; docs/decisions/028). Off until an admin ticks someone; saved at
 * once, apart from the form's own Save, since it is no part of what applicants see.
 */
export function SubmissionNoticeButton({ formId }: { formId: string }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={dialog.open}>
        Submission notices
      </Button>
      <Modal opened={opened} onClose={dialog.close} title="Submission notices">
        {/* Mounted only while open: every opening reads the list afresh. */}
        <NoticePanel formId={formId} onDone={dialog.close} />
      </Modal>
    </>
  );
}

function NoticePanel({ formId, onDone }: { formId: string; onDone: () => void }) {
  const notice = useQuery({
    queryKey: noticeKey(formId),
    queryFn: () => apiGet(apiPath`/api/forms/${formId}/submission-notice`, submissionNoticeSchema),
    staleTime: 0,
  });
  if (notice.isError) return <FormAlert message={notice.error.message} />;
  if (!notice.data) return <Loader size="sm" aria-label="Loading" />;
  return <NoticeForm formId={formId} notice={notice.data} onDone={onDone} />;
}

function NoticeForm({
  formId,
  notice,
  onDone,
}: {
  formId: string;
  notice: SubmissionNotice;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(notice.recipients);
  const save = useMutation({
    mutationFn: (recipients: string[]) =>
      apiSend("PUT", apiPath`/api/forms/${formId}/submission-notice`, { recipients }, submissionNoticeSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(noticeKey(formId), saved);
      notify(
        saved.recipients.length === 0
          ? "No one will be told about new submissions."
          : `${saved.recipients.length} ${saved.recipients.length === 1 ? "admin" : "admins"} will be told about each new submission.`,
      );
      onDone();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(chosen);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Choose who receives an email each time an application to this form is submitted, with the
          applicant's name and a link to the application. No one is chosen at first.
        </Text>
        <FormAlert message={save.error?.message ?? null} />
        <Checkbox.Group label="The program's admins" value={chosen} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {notice.candidates.map((admin) => (
              <Checkbox
                key={admin.userId}
                value={admin.userId}
                label={admin.name.trim() || admin.email}
                description={admin.name.trim() ? admin.email : undefined}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
