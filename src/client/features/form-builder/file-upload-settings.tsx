import { Group, NativeSelect } from "@mantine/core";
import type { FileType, Question } from "../../../shared/forms/model";
import { FILE_COUNT_CHOICES, FILE_TYPES } from "../../../shared/forms/model-constants";
import type { QuestionPartProps } from "./question-card";

const FILE_TYPE_LABELS: Record<FileType, string> = { pdf: "PDF", png: "PNG", jpeg: "JPEG", any: "Any" };

/** How many files a file-upload question takes, and of which type (the plan's total is checked on publish). */
export function FileUploadSettings({ question, change, locked }: QuestionPartProps) {
  return (
    <Group gap="sm">
      <NativeSelect
        label="Maximum number of files"
        data={FILE_COUNT_CHOICES.map(String)}
        value={String(question.files.maxFiles)}
        disabled={locked}
        onChange={(event) => {
          const maxFiles = Number(event.currentTarget.value) as Question["files"]["maxFiles"];
          change((q) => ({ ...q, files: { ...q.files, maxFiles } }));
        }}
      />
      <NativeSelect
        label="File type"
        data={FILE_TYPES.map((t) => ({ value: t, label: FILE_TYPE_LABELS[t] }))}
        value={question.files.fileType}
        disabled={locked}
        onChange={(event) => {
          const fileType = event.currentTarget.value as FileType;
          change((q) => ({ ...q, files: { ...q.files, fileType } }));
        }}
      />
    </Group>
  );
}
