import { Box, Button, Group, Image, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { localize, localizeRichText } from "../../../../shared/forms/localize";
import { LANGUAGES, type Language } from "../../../../shared/i18n/catalog";
import type { ApplicantForm } from "../../../../shared/schemas/submissions";
import { RichTextView } from "../../../components/rich-text/rich-text-view";
import { useTranslate } from "../../../lib/i18n";
import { OrganizationAndDeadline } from "../views";

interface FormHeaderProps {
  form: ApplicantForm;
  language: Language;
  onLanguageChange: (language: Language) => void;
  accent: string;
  saveStatus?: ReactNode;
  onSave?: () => void;
  editable: boolean;
  backLink?: ReactNode;
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
              <Group gap={4} role="group" aria-label={t("form.language")}>
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
