import { Button, Group } from "@mantine/core";
import { LANGUAGES, type Language } from "../../../shared/i18n/catalog";
import { useTranslate } from "../../lib/i18n";

const LABEL_KEYS = { en: "form.english", fr: "form.french" } as const;

/** Français / English before the form shows (the renderer's header has its own). */
export function LanguageChoice({
  language,
  onChange,
  firstScreen = false,
}: {
  language: Language;
  onChange: (language: Language) => void;
  /** In the page's first screen (static HTML): kept in its place but not shown, as nothing there answers a click. */
  firstScreen?: boolean;
}) {
  const t = useTranslate();
  return (
    <Group
      gap={4}
      justify="flex-end"
      role="group"
      aria-label={t("form.language")}
      aria-hidden={firstScreen || undefined}
      style={firstScreen ? { visibility: "hidden" } : undefined}
    >
      {[...LANGUAGES].reverse().map((choice) => (
        <Button
          key={choice}
          lang={choice}
          size="xs"
          variant={choice === language ? "filled" : "default"}
          aria-pressed={choice === language}
          onClick={() => onChange(choice)}
        >
          {t(LABEL_KEYS[choice])}
        </Button>
      ))}
    </Group>
  );
}
