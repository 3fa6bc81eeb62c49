import { Button, Group, NativeSelect, Popover, Radio, Stack, Text } from "@mantine/core";
import { useId, useState } from "react";
import { MAX_FEEDBACK_LENGTH } from "../../../shared/limits";
import { EXPERIENCES, FEEDBACK_TYPES } from "../../../shared/schemas/support-constants";
import { GrowingTextarea } from "../../components/growing-textarea";
import { lazySchema, useLoadedSchema } from "../../lib/lazy-schema";
import { notify } from "../../lib/notify";
import { useSendFeedback } from "./api";

const EXPERIENCE_LABELS: Record<(typeof EXPERIENCES)[number], string> = {
  bad: "Bad",
  okay: "Okay",
  good: "Good",
};

/** Loaded when the form first shows, not with every signed-in page (docs/decisions/043-zod-off-the-first-paint.md). */
const feedbackBodySchema = lazySchema(() =>
  import("../../../shared/schemas/support").then((module) => module.feedbackBodySchema),
);

interface FeedbackPopoverProps {
  userId: string;
  userName: string;
}

/** What Send still waits for, named as the fields are labelled; empty when the feedback can be sent. */
export function missingFeedbackFields(fields: { experience: string; feedbackType: string; comment: string }) {
  const missing: string[] = [];
  if (fields.experience === "") missing.push("Experience");
  if (fields.feedbackType === "") missing.push("Type");
  if (fields.comment.trim() === "") missing.push("Comment");
  return missing;
}

export function FeedbackPopover({ userId, userName }: FeedbackPopoverProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} trapFocus shadow="md">
      <Popover.Target>
        <Button variant="default" onClick={() => setOpened((o) => !o)}>
          Submit Feedback
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Submit feedback">
        <FeedbackForm userId={userId} userName={userName} onSent={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The feedback's fields and Send. Send stays reachable while something is missing (aria-disabled, as a
 * disabled Next on the applicant's form, docs/decisions/035-phones.md) and the line under it says what.
 */
export function FeedbackForm({ userId, userName, onSent }: FeedbackPopoverProps & { onSent: () => void }) {
  const [experience, setExperience] = useState("");
  const [feedbackType, setFeedbackType] = useState("");
  const [comment, setComment] = useState("");
  const sendFeedback = useSendFeedback();
  const hintId = useId();

  // The shared schema decides when the form is complete: all three fields set (and it has loaded).
  const schema = useLoadedSchema(feedbackBodySchema);
  const body = schema?.safeParse({ userId, user: userName, experience, feedbackType, comment }) ?? {
    success: false as const,
  };
  const missing = missingFeedbackFields({ experience, feedbackType, comment });

  function reset() {
    setExperience("");
    setFeedbackType("");
    setComment("");
  }

  function send() {
    if (!body.success) return;
    sendFeedback.mutate(body.data, {
      onSuccess: () => {
        onSent();
        reset();
        notify("Thank you for your feedback!");
      },
      onError: (error) => notify(`Error sending feedback: ${error.message}`),
    });
  }

  return (
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
      <GrowingTextarea
        label="Comment"
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        maxLength={MAX_FEEDBACK_LENGTH}
        minRows={3}
        maxRows={8}
      />
      <Group justify="flex-end" gap="sm" wrap="nowrap">
        {missing.length > 0 && (
          <Text id={hintId} size="sm" c="gray.7" style={{ flex: 1 }}>
            {`To send, complete: ${missing.join(", ")}`}
          </Text>
        )}
        <Button
          onClick={send}
          aria-disabled={!body.success || undefined}
          data-disabled={!body.success || undefined}
          aria-describedby={missing.length > 0 ? hintId : undefined}
          loading={sendFeedback.isPending}
        >
          Send
        </Button>
      </Group>
    </Stack>
  );
}
