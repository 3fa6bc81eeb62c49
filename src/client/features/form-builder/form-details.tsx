import { Stack, TextInput } from "@mantine/core";
import { memo } from "react";
import type { RichText } from "../../../shared/forms/model";
import { RichTextEditor } from "../../components/rich-text/rich-text-editor";

interface FormDetailsProps {
  name: string;
  description: RichText;
  onName: (name: string) => void;
  onDescription: (description: RichText) => void;
}

/** The form's name and description: editable before and after publishing. */
export const FormDetails = memo(function FormDetails({
  name,
  description,
  onName,
  onDescription,
}: FormDetailsProps) {
  return (
    <Stack gap="sm">
      <TextInput label="Form name" value={name} onChange={(event) => onName(event.currentTarget.value)} />
      <RichTextEditor label="Form description" value={description} onChange={onDescription} />
    </Stack>
  );
});
