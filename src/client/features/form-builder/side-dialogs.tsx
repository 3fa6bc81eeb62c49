import { useDisclosure } from "@mantine/hooks";
import { useMemo } from "react";
import { formTexts } from "../../../shared/forms/french-texts";
import type { Form, FormContent, FormSettings } from "../../../shared/forms/model";
import type { FormResult } from "../../../shared/schemas/forms";
import { ApplicantAccessDialog } from "./access/applicant-access-dialog";
import { ApplicantLinkDialog } from "./access/applicant-link-dialog";
import { PreviewLinkDialog } from "./access/preview-link-dialog";
import { FormCustomizationDrawer } from "./customization/form-customization-drawer";
import type { MachineTranslation } from "./machine-translation";

/** Which of the header's dialogs is open (one at a time). */
export function useSideDialogs() {
  const [preview, previewDialog] = useDisclosure(false);
  const [access, accessDialog] = useDisclosure(false);
  const [applicantLink, applicantLinkDialog] = useDisclosure(false);
  const [customization, customizationDrawer] = useDisclosure(false);
  return {
    opened: { preview, access, applicantLink, customization },
    open: {
      preview: previewDialog.open,
      access: accessDialog.open,
      applicantLink: applicantLinkDialog.open,
      customization: customizationDrawer.open,
    },
    close: {
      preview: previewDialog.close,
      access: accessDialog.close,
      applicantLink: applicantLinkDialog.close,
      customization: customizationDrawer.close,
    },
  };
}

interface SideDialogsProps {
  dialogs: ReturnType<typeof useSideDialogs>;
  form: Form;
  content: FormContent;
  onSettings: (settings: FormSettings) => void;
  onAccessChanged: (result: FormResult) => void;
  machine: MachineTranslation;
}

/** The preview link, applicant access and link dialogs and the customization drawer. */
export function SideDialogs({
  dialogs,
  form,
  content,
  onSettings,
  onAccessChanged,
  machine,
}: SideDialogsProps) {
  const { opened, close } = dialogs;
  // Collected only while the drawer is open: a large form's texts are not walked on every keystroke.
  const texts = useMemo(
    () => (opened.customization ? formTexts(content) : []),
    [opened.customization, content],
  );
  return (
    <>
      <PreviewLinkDialog form={form} opened={opened.preview} onClose={close.preview} />
      <ApplicantAccessDialog
        form={form}
        opened={opened.access}
        onClose={close.access}
        onChanged={onAccessChanged}
      />
      <ApplicantLinkDialog
        form={form}
        opened={opened.applicantLink}
        onClose={close.applicantLink}
        onChanged={onAccessChanged}
      />
      <FormCustomizationDrawer
        opened={opened.customization}
        onClose={close.customization}
        settings={content.settings}
        onChange={onSettings}
        enabled={form.planSettings.logoBranding}
        texts={texts}
        programId={form.programId}
        machine={machine}
      />
    </>
  );
}
