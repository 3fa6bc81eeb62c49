import { Box, Button, Group, Image, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { localize, localizeRichText } from "../../../../shared/forms/localize";
import { LANGUAGES, type Language } from "../../../../shared/i18n/catalog";
import type { ApplicantForm } from "../../../../shared/schemas/submissions";
import { RichTextView } from "../../../components/rich-text/rich-text-view";
import { useTranslate } from "../../../lib/i18n";
import { OrganizationAndDeadline } from "../views";

/**
 * The form page's width (forms-and-applicants, "2. Screens and routes"); narrower screens use their whole
 * width.
 */
const PAGE_WIDTH = 816;

/**
 * The renderer's column (the form's language on it, centred, the page's width at most) and its stack of
 * cards; `after` follows the stack. Also the frame of the form's first screen in static HTML
 * (src/client/first-paint/form-first-screen.tsx), so that the header's title is drawn where the page's is.
 */
export function FormColumnFrame({
  language,
  children,
  after,
}: {
  language: Language;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Box lang={language} mx="auto" px={{ base: "xs", sm: "md" }} py="md" style={{ maxWidth: PAGE_WIDTH }}>
      <Stack gap="md">{children}</Stack>
      {after}
    </Box>
  );
}

interface FormHeaderProps {
  form: ApplicantForm;
  language: Language;
  onLanguageChange: (language: Language) => void;
  accent: string;
  saveStatus?: ReactNode;
  onSave?: () => void;
  editable: boolean;
  backLink?: ReactNode;
  /**
   * Drawn as the page's first screen, before any script runs (src/client/first-paint/form-first-screen.tsx):
   * Français / English keep their place but are not shown, since nothing there answers a click yet.
   */
  firstScreen?: boolean;
}

const LANGUAGE_KEYS = { en: "form.english", fr: "form.french" } as const;

/**
 * The form's header (forms-and-applicants, "2. Screens and routes", "Form-filling screen"): the header image,
 * a band of the theme colour, the back link, Français / English, the form's name, who runs the program and
 * when the form closes (docs/decisions/027-stable-form-address.md), the description, the save state and Save.
 */
export function FormHeader({
  form,
  language,
  onLanguageChange,
  accent,
  saveStatus,
  onSave,
  editable,
  backLink,
  firstScreen = false,
}: FormHeaderProps) {
  const t = useTranslate();
  const { settings } = form;
  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }}>
      {settings.headerImage && (
        <Image src={settings.headerImage} alt="" h={{ base: 120, sm: 200 }} fit="cover" />
      )}
      <Box h={10} bg={accent} aria-hidden="true" />
      <Stack gap="sm" p={{ base: "md", sm: "lg" }}>
        {(backLink || settings.frenchTranslationEnabled) && (
          <Group justify="space-between" gap="xs">
            <div>{backLink}</div>
            {settings.frenchTranslationEnabled && (
              <Group
                gap={4}
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
                    color={accent}
                    autoContrast
                    aria-pressed={choice === language}
                    onClick={() => onLanguageChange(choice)}
                  >
                    {t(LANGUAGE_KEYS[choice])}
                  </Button>
                ))}
              </Group>
            )}
          </Group>
        )}
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          {localize(form.name, language, settings)}
        </Title>
        <OrganizationAndDeadline form={form} language={language} />
        <RichTextView value={localizeRichText(form.description, language, settings)} />
        {(saveStatus || onSave) && (
          <Group justify="space-between" gap="xs">
            <div>{saveStatus}</div>
            {onSave && (
              <Button variant="default" disabled={!editable} onClick={onSave}>
                {t("form.save")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
