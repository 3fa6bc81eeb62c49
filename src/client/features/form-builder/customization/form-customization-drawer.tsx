import {
  Anchor,
  Button,
  Divider,
  Drawer,
  Fieldset,
  FileButton,
  Group,
  Image,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useId, useState } from "react";
import { isMachineMade, translatableTexts } from "../../../../shared/forms/french-texts";
import type { FormSettings } from "../../../../shared/forms/model";
import { DEFAULT_CONFIRMATION_MESSAGE } from "../../../../shared/forms/model-constants";
import { FORM_MESSAGES } from "../../../../shared/forms/publish-check";
import { FILE_MESSAGES, HEADER_IMAGE_MIN } from "../../../../shared/schemas/files";
import { FormAlert } from "../../../components/form-alert";
import { GrowingTextarea } from "../../../components/growing-textarea";
import type { MachineTranslation } from "../machine-translation";
import { TranslateMissingButton } from "../machine-translation-button";
import { uploadHeaderImage } from "./api";
import { ThemeColourPicker } from "./theme-colour-picker";
import { MACHINE_MADE, setTranslation, translatedCount, visibleTexts } from "./translations";

interface FormCustomizationDrawerProps {
  opened: boolean;
  onClose: () => void;
  settings: FormSettings;
  onChange: (settings: FormSettings) => void;
  /** The plan has logo branding; otherwise everything is shown disabled. */
  enabled: boolean;
  /** The form's English texts (labels, questions, options…) to translate, as the builder collects them. */
  texts: readonly string[];
  /** The program whose header image this is (uploads are stored under it). */
  programId: string;
  machine: MachineTranslation;
}

export const HEADER_IMAGE_HELP = `A .jpg, .jpeg or .png image, at least ${HEADER_IMAGE_MIN.width} × ${HEADER_IMAGE_MIN.height} pixels.`;

/**
 * Form Customization (forms-and-applicants, "3. Entities and their fields" ("settings"),
 * "5. Validation rules"): header image, theme colour, confirmation message and French translation, in a
 * drawer on the right. Changes go to the builder as they are made; it saves them with the form.
 */
export function FormCustomizationDrawer({
  opened,
  onClose,
  settings,
  onChange,
  enabled,
  texts,
  programId,
  machine,
}: FormCustomizationDrawerProps) {
  const update = (patch: Partial<FormSettings>) => onChange({ ...settings, ...patch });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Form Customization"
      closeButtonProps={{ "aria-label": "Close form customization" }}
    >
      <Fieldset variant="unstyled" disabled={!enabled}>
        <Stack gap="lg">
          {!enabled && <Text size="sm">{FORM_MESSAGES.customizationNeedsUpgrade}</Text>}
          <HeaderImage
            url={settings.headerImage}
            programId={programId}
            onChange={(headerImage) => update({ headerImage })}
          />
          <ThemeColourPicker
            value={settings.themeColour}
            onChange={(themeColour) => update({ themeColour })}
          />
          <GrowingTextarea
            label="Confirmation message"
            description="Shown to applicants once they submit."
            minRows={2}
            maxRows={8}
            value={settings.confirmationMessage}
            onChange={(event) => update({ confirmationMessage: event.currentTarget.value })}
            onBlur={(event) => {
              if (event.currentTarget.value.trim() === "") {
                update({ confirmationMessage: DEFAULT_CONFIRMATION_MESSAGE });
              }
            }}
          />
          <Divider />
          <Switch
            label="French translation"
            description="Applicants can switch the form to French."
            checked={settings.frenchTranslationEnabled}
            onChange={(event) => update({ frenchTranslationEnabled: event.currentTarget.checked })}
          />
          {settings.frenchTranslationEnabled && (
            <FrenchTexts texts={texts} settings={settings} onChange={onChange} machine={machine} />
          )}
        </Stack>
      </Fieldset>
    </Drawer>
  );
}

function HeaderImage({
  url,
  programId,
  onChange,
}: {
  url: string | null;
  programId: string;
  onChange: (url: string | null) => void;
}) {
  const helpId = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | null) {
    if (file === null) return;
    setError(null);
    if (!/\.(jpe?g|png)$/i.test(file.name)) {
      setError(FILE_MESSAGES.headerImageType);
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadHeaderImage(programId, file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack gap="xs" align="flex-start">
      <Text fw={500} size="sm">
        Header image
      </Text>
      {url !== null ? (
        <>
          <Image src={url} alt="Current header image" radius="sm" mah={120} fit="contain" />
          <Anchor
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ wordBreak: "break-all" }}
          >
            {url}
          </Anchor>
        </>
      ) : (
        <Text size="sm">No header image.</Text>
      )}
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button {...props} variant="default" loading={uploading} aria-describedby={helpId}>
              Upload header image
            </Button>
          )}
        </FileButton>
        {url !== null && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            Remove header image
          </Button>
        )}
      </Group>
      <Text id={helpId} size="xs" c="dimmed">
        {HEADER_IMAGE_HELP}
      </Text>
      {error !== null && <FormAlert message={error} />}
    </Stack>
  );
}

function FrenchTexts({
  texts,
  settings,
  onChange,
  machine,
}: {
  texts: readonly string[];
  settings: FormSettings;
  onChange: (settings: FormSettings) => void;
  machine: MachineTranslation;
}) {
  const [query, setQuery] = useState("");
  const { translations } = settings;
  const all = translatableTexts(texts);
  const { shown, matching } = visibleTexts(all, translations, query);
  if (all.length === 0) return <Text size="sm">The form has no text to translate yet.</Text>;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        French texts
      </Title>
      <Text
        size="sm"
        c="dimmed"
      >{`${translatedCount(all, translations)} of ${all.length} texts translated.`}</Text>
      <TranslateMissingButton machine={machine} missing={all.length - translatedCount(all, translations)} />
      {all.length > shown.length || query !== "" ? (
        <TextInput
          label="Find a text"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          description={
            matching > shown.length
              ? `Showing ${shown.length} of ${matching}: search to narrow the list.`
              : undefined
          }
        />
      ) : null}
      {shown.map((english) => (
        <TextInput
          key={english}
          label={`French for: ${english}`}
          lang="fr"
          value={translations[english] ?? ""}
          description={isMachineMade(settings, english) ? MACHINE_MADE : undefined}
          onChange={(event) => onChange(setTranslation(settings, english, event.currentTarget.value))}
        />
      ))}
    </Stack>
  );
}
