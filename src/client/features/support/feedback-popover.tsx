import { Button, Group, NativeSelect, Popover, Radio, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { MAX_FEEDBACK_LENGTH } from "../../../shared/limits";
import { EXPERIENCES, FEEDBACK_TYPES, feedbackBodySchema } from "../../../shared/schemas/support";
import { notify } from "../../lib/notify";
import { useSendFeedback } from "./api";

const EXPERIENCE_LABELS: Record<(typeof EXPERIENCES)[number], string> = {
  bad: "Bad",
  okay: "Okay",
  good: "Good",
};

interface FeedbackPopoverProps {
  userId: string;
  userName: string;
}

export function FeedbackPopover({ userId, userName }: FeedbackPopoverProps) {
  const [opened, setOpened] = useState(false);
  const [experience, setExperience] = useState("");
  const [feedbackType, setFeedbackType] = useState("");
  const [comment, setComment] = useState("");
  const sendFeedback = useSendFeedback();

  // The shared schema decides when the form is complete: all three fields set.
  const body = feedbackBodySchema.safeParse({ userId, user: userName, experience, feedbackType, comment });

  function reset() {
    setExperience("");
    setFeedbackType("");
    setComment("");
  }

  function send() {
    if (!body.success) return;
    sendFeedback.mutate(body.data, {
      onSuccess: () => {
        setOpened(false);
        reset();
        notify("Thank you for your feedback!");
      },
      onError: (error) => notify(`Error sending feedback: ${error.message}`),
    });
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} trapFocus shadow="md">
      <Popover.Target>
        <Button variant="default" onClick={() => setOpened((o) => !o)}>
          Submit Feedback
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Submit feedback">
        <Stack gap="sm">
          <Radio.Group label="Experience" value={experience} onChange={setExperience}>
            <Group gap="md" mt={4}>
              {EXPERIENCES.map((value) => (
                <Radio key={value} value={value} label={EXPERIENCE_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
          <NativeSelect
            label="Type"
            value={feedbackType}
            onChange={(event) => setFeedbackType(event.currentTarget.value)}
            data={[{ value: "", label: "Choose a type", disabled: true }, ...FEEDBACK_TYPES]}
          />
          <Textarea
            label="Comment"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={MAX_FEEDBACK_LENGTH}
            autosize
            minRows={3}
            maxRows={8}
          />
          <Group justify="flex-end">
            <Button onClick={send} disabled={!body.success} loading={sendFeedback.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
