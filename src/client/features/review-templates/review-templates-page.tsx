import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { reviewTemplateDefinitionSchema } from "../../../shared/review/templates";
import type {
  ReviewTemplate,
  ReviewTemplateList,
  TemplateProgram,
} from "../../../shared/schemas/review-templates";
import {
  OrganizationLoadFailure,
  useAdministeredOrganization,
} from "../../components/administered-organization";
import { PageLoader } from "../../components/page-loader";
import { notify } from "../../lib/notify";
import { useBindTemplate, useDeleteTemplate, useReviewTemplates, useSaveTemplate } from "./api";
import { failureLines, issueLines, TemplateEditor } from "./template-editor";

/**
 * /organization/review-templates: the organization admin's fixed review templates
 * (review-and-administration, "1. What the product does and for whom"; docs/decisions/040-review-templates.md):
 * create, edit, import and export (JSON), delete after a confirmation, preview, and bind legacy programs to one.
 */
export function ReviewTemplatesPage() {
  const { userId, orgId, organization } = useAdministeredOrganization();
  if (organization.isError) return <OrganizationLoadFailure error={organization.error} />;
  return <ReviewTemplates userId={userId} organizationId={orgId} />;
}

/** A file name from the template's name. */
const fileNameOf = (name: string) =>
  `${
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "template"
  }.json`;

function download(template: ReviewTemplate) {
  const blob = new Blob([`${JSON.stringify(template.definition, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(template.name);
  link.click();
  URL.revokeObjectURL(url);
}

export function ReviewTemplates({ userId, organizationId }: { userId: string; organizationId: string }) {
  const list = useReviewTemplates(userId, organizationId);
  const save = useSaveTemplate(userId, organizationId);
  const [editing, setEditing] = useState<ReviewTemplate | "new" | null>(null);
  const [deleting, setDeleting] = useState<ReviewTemplate | null>(null);
  const [importProblems, setImportProblems] = useState<string[]>([]);

  async function importFile(file: File | null) {
    if (file === null) return;
    setImportProblems([]);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setImportProblems(["The file is not JSON: export a template here to see the expected form."]);
      return;
    }
    const checked = reviewTemplateDefinitionSchema.safeParse(parsed);
    if (!checked.success) {
      setImportProblems(issueLines(checked.error));
      return;
    }
    try {
      await save.mutateAsync({ id: null, definition: checked.data });
      notify(`Template "${checked.data.name}" imported.`);
    } catch (error) {
      setImportProblems(failureLines(error));
    }
  }

  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    return (
      <Alert color="red" role="alert" title="Error loading the review templates">
        {list.error.message}
      </Alert>
    );
  }
  const { templates, programs } = list.data;

  return (
    <Stack gap="lg">
      <Title order={1}>Review Templates</Title>
      <Text>
        A review template places the answers of a known application form under the legacy review's nine fixed
        sections, by the wording of its questions. Bind a legacy program to a template: its submissions are
        then reviewed, printed and exported in the template's sections, and answers no rule places are shown
        under Other.
      </Text>
      <Group>
        <Button onClick={() => setEditing("new")}>New template</Button>
        <FileButton onChange={importFile} accept="application/json,.json">
          {(props) => (
            <Button variant="default" {...props} loading={save.isPending}>
              Import a template (JSON)
            </Button>
          )}
        </FileButton>
      </Group>
      {importProblems.length > 0 && (
        <Alert color="red" role="alert" title="The file was not imported">
          <List size="sm">
            {importProblems.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <TemplatesTable templates={templates} onEdit={setEditing} onExport={download} onDelete={setDeleting} />
      <ProgramsTable userId={userId} organizationId={organizationId} list={list.data} />
      {editing !== null && (
        <TemplateEditor
          userId={userId}
          organizationId={organizationId}
          template={editing === "new" ? null : editing}
          programs={programs}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting !== null && (
        <DeleteTemplateDialog
          userId={userId}
          organizationId={organizationId}
          template={deleting}
          bound={programs.filter((p) => p.reviewTemplateId === deleting._id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

interface TemplatesTableProps {
  templates: readonly ReviewTemplate[];
  onEdit: (template: ReviewTemplate) => void;
  onExport: (template: ReviewTemplate) => void;
  onDelete: (template: ReviewTemplate) => void;
}

function TemplatesTable({ templates, onEdit, onExport, onDelete }: TemplatesTableProps) {
  if (templates.length === 0)
    return <Text>No review templates yet: create one or import a template file.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Template</Table.Th>
            <Table.Th>Application form</Table.Th>
            <Table.Th>Sections</Table.Th>
            <Table.Th>Rules</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template._id}>
              <Table.Td>{template.name}</Table.Td>
              <Table.Td>{template.definition.form}</Table.Td>
              <Table.Td>{template.definition.sections.length}</Table.Td>
              <Table.Td>{template.definition.rules.length}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onEdit(template)}
                    aria-label={`Edit ${template.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onExport(template)}
                    aria-label={`Export ${template.name}`}
                  >
                    Export
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    c="red.9"
                    onClick={() => onDelete(template)}
                    aria-label={`Delete ${template.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ProgramsTableProps {
  userId: string;
  organizationId: string;
  list: ReviewTemplateList;
}

/** The legacy programs, each with its template and the answers the template leaves under Other. */
function ProgramsTable({ userId, organizationId, list }: ProgramsTableProps) {
  const bind = useBindTemplate(userId, organizationId);
  const choices = [
    { value: "", label: "None (the form's own sections)" },
    ...list.templates.map((t) => ({ value: t._id, label: t.name })),
  ];

  async function change(program: TemplateProgram, value: string | null) {
    try {
      await bind.mutateAsync({ programId: program._id, templateId: value ? value : null });
      notify(
        value
          ? `${program.name} is reviewed with this template.`
          : `${program.name} is reviewed in its form's sections.`,
      );
    } catch (error) {
      notify(`Not saved: ${(error as Error).message}`);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="template-programs-heading">
      <Title order={2} size="h3" id="template-programs-heading">
        Legacy programs
      </Title>
      {list.programs.length === 0 ? (
        <Text>No legacy program (appVersion 1) in the organization: import one from the Programs page.</Text>
      ) : (
        list.programs.map((program) => (
          <Stack key={program._id} gap={4}>
            <Select
              label={program.name}
              data={choices}
              value={program.reviewTemplateId ?? ""}
              allowDeselect={false}
              maw={420}
              onChange={(value) => change(program, value)}
            />
            {program.unplaced.length > 0 && (
              <Alert
                color="yellow"
                title={`Under Other: ${program.unplaced.length} question(s) no rule places`}
              >
                <List size="sm">
                  {program.unplaced.map((q) => (
                    <List.Item key={q.questionId}>{q.wording}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        ))
      )}
    </Stack>
  );
}

interface DeleteTemplateDialogProps {
  userId: string;
  organizationId: string;
  template: ReviewTemplate;
  bound: readonly TemplateProgram[];
  onClose: () => void;
}

function DeleteTemplateDialog({
  userId,
  organizationId,
  template,
  bound,
  onClose,
}: DeleteTemplateDialogProps) {
  const remove = useDeleteTemplate(userId, organizationId);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    try {
      await remove.mutateAsync(template._id);
      notify(`Template "${template.name}" deleted.`);
      onClose();
    } catch (error) {
      setFailure((error as Error).message);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Delete this template?">
      <Stack gap="md">
        <Text>{`"${template.name}" will be deleted permanently.`}</Text>
        {bound.length > 0 && (
          <Text>
            {`${bound.map((p) => p.name).join(", ")} will be reviewed in ${bound.length === 1 ? "its" : "their"} form's own sections again.`}
          </Text>
        )}
        {failure !== null && (
          <Alert color="red" role="alert" title="Not deleted">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
