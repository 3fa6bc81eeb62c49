import { Button, Group, Progress, Stack, Text } from "@mantine/core";
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
}

/**
 * Back and Next (or Submit). A blocked Next stays focusable and says it is disabled (aria-disabled):
 * pressing it shows the section's problems instead of doing nothing.
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
}: SectionNavigationProps) {
  const t = useTranslate();
  const looksDisabled = blocked || (forward === "submit" && submitUnavailable);
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
    </Stack>
  );
}
