import { Anchor, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { Fragment, useId } from "react";
import { useTranslate } from "../../../lib/i18n";

/** "section N of M" over a bar of the theme colour (the spec: section number over total sections). */
export function SectionProgress({ n, m, accent }: { n: number; m: number; accent: string }) {
  const t = useTranslate();
  const text = t("form.sectionOf", { n, m });
  return (
    <Stack gap={4}>
      <Progress.Root
        size="md"
        role="progressbar"
        aria-label={t("form.progress")}
        aria-valuemin={0}
        aria-valuemax={m}
        aria-valuenow={n}
        aria-valuetext={text}
      >
        <Progress.Section value={m > 0 ? (n / m) * 100 : 0} color={accent} withAria={false} />
      </Progress.Root>
      <Text size="sm" c="dimmed" aria-hidden="true">
        {text}
      </Text>
    </Stack>
  );
}

interface SectionNavigationProps {
  accent: string;
  canGoBack: boolean;
  onBack: () => void;
  /** Next, Submit or nothing (the last section in admin edit mode). */
  forward: "next" | "submit" | null;
  /** The section has problems that stop the applicant (shown disabled; pressing it shows them). */
  blocked: boolean;
  /** Submit cannot be used at all (nothing to submit to, or read-only). */
  submitUnavailable: boolean;
  onForward: () => void;
  /** The red message under the buttons: why they are blocked, or the preview's note. */
  note: string | null;
  /** The questions Next (or Submit) waits for, named as the applicant reads them. */
  waitingFor: readonly { questionId: string; text: string }[];
  /** Moves the focus to a question (from its name in the list of what Next waits for). */
  onGoToQuestion: (questionId: string) => void;
}

/**
 * Back and Next (or Submit). A blocked Next stays focusable and says it is disabled (aria-disabled):
 * pressing it shows the section's problems instead of doing nothing. Under it, the questions it waits
 * for, each a link to its question, and Next is described by that list.
 */
export function SectionNavigation({
  accent,
  canGoBack,
  onBack,
  forward,
  blocked,
  submitUnavailable,
  onForward,
  note,
  waitingFor,
  onGoToQuestion,
}: SectionNavigationProps) {
  const t = useTranslate();
  const waitingId = useId();
  const looksDisabled = blocked || (forward === "submit" && submitUnavailable);
  const showWaiting = forward !== null && looksDisabled && waitingFor.length > 0;
  return (
    <Stack gap="xs" component="nav" aria-label={t("form.sectionNavigation")}>
      <Group justify="space-between">
        <Button variant="default" disabled={!canGoBack} onClick={onBack}>
          {t("form.back")}
        </Button>
        {forward && (
          <Button
            color={accent}
            autoContrast
            data-disabled={looksDisabled || undefined}
            aria-disabled={looksDisabled || undefined}
            aria-describedby={showWaiting ? waitingId : undefined}
            onClick={() => {
              if (forward === "submit" && submitUnavailable) return;
              onForward();
            }}
          >
            {t(forward === "next" ? "form.next" : "form.submit")}
          </Button>
        )}
      </Group>
      <Text role="status" size="sm" c={note ? "red.9" : undefined} ta="right">
        {note ?? ""}
      </Text>
      {showWaiting && (
        <Text id={waitingId} size="sm" c="dimmed" ta="right">
          {t("form.waitingFor")}{" "}
          {waitingFor.map(({ questionId, text }, index) => (
            <Fragment key={questionId}>
              {index > 0 && ", "}
              <Anchor component="button" type="button" size="sm" onClick={() => onGoToQuestion(questionId)}>
                {text}
              </Anchor>
            </Fragment>
          ))}
        </Text>
      )}
    </Stack>
  );
}
