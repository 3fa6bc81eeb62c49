import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import type { z } from "zod";
import {
  type ReviewTemplateDefinition,
  reviewTemplateDefinitionSchema,
  TEMPLATE_SECTION_COUNT,
  type TemplateRule,
} from "../../../shared/review/templates";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import {
  type ReviewTemplate,
  reviewTemplateResultSchema,
  reviewTemplateSchema,
  type TemplatePreview,
  type TemplateProgram,
} from "../../../shared/schemas/review-templates";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { ApiError, apiGet, apiPath } from "../../lib/api-client";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { notify } from "../../lib/notify";
import { previewTemplate, useSaveTemplate } from "./api";

/** What the editor edits: the nine titles (empty: the section is not used) and the rules. */
interface Draft {
  name: string;
  form: string;
  titles: string[];
  /** Each rule with a key of its own, so removing one keeps the others' fields. */
  rules: KeyedRule[];
}
type KeyedRule = TemplateRule & { key: number };
let nextKey = 0;
const keyed = (rule: TemplateRule): KeyedRule => ({ ...rule, key: ++nextKey });

const NUMBERS = Array.from({ length: TEMPLATE_SECTION_COUNT }, (_, i) => i + 1);

function draftOf(definition: ReviewTemplateDefinition | null): Draft {
  const titles = NUMBERS.map((n) => definition?.sections.find((s) => s.number === n)?.title ?? "");
  return {
    name: definition?.name ?? "",
    form: definition?.form ?? "",
    titles,
    rules: (definition?.rules ?? [{ wording: "", match: "exact", section: 1 }]).map(keyed),
  };
}

function definitionOf(draft: Draft) {
  return {
    name: draft.name,
    form: draft.form,
    sections: NUMBERS.flatMap((n) =>
      draft.titles[n - 1]!.trim() === "" ? [] : [{ number: n, title: draft.titles[n - 1]! }],
    ),
    rules: draft.rules.map(({ key: _key, ...rule }) => rule),
  };
}

/** Field errors (from the shared schema or the server's answer) as "where: what" lines. */
export function problemLines(fields: Record<string, string[]>): string[] {
  return Object.entries(fields).flatMap(([field, messages]) =>
    messages.map((message) => (field === "_" || field === "" ? message : `${fieldLabel(field)}: ${message}`)),
  );
}

/** A section as the lists name it: its title, after its number unless the title starts with it ("1 - Need"). */
export function sectionLabel(number: number, title: string): string {
  return new RegExp(`^\\s*${number}(?!\\d)`).test(title) ? title : `${number}. ${title}`;
}

/** A refused save's field errors as lines, or the failure's message. */
export function failureLines(error: unknown): string[] {
  return error instanceof ApiError && error.fields ? problemLines(error.fields) : [(error as Error).message];
}

/** A definition's problems found in the browser, as the same lines. */
export function issueLines(error: z.ZodError): string[] {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return problemLines(fields);
}

function fieldLabel(field: string): string {
  const [head, index, rest] = field.split(".");
  if (head === "rules" && index !== undefined) return `Rule ${Number(index) + 1}${rest ? ` (${rest})` : ""}`;
  if (head === "sections" && index !== undefined) return `Section entry ${Number(index) + 1}`;
  return head === "form" ? "Form" : head === "name" ? "Name" : field;
}

/** A template in a line, to compare the stored one with one's own. */
export function templateSummary(definition: {
  name: string;
  form: string;
  sections: unknown[];
  rules: unknown[];
}) {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  return `${definition.name} (${definition.form}): ${count(definition.sections.length, "section")}, ${count(definition.rules.length, "rule")}`;
}

interface TemplateEditorProps {
  userId: string;
  organizationId: string;
  /** The template edited (with the revision read), or null for a new one. */
  template: { _id: string; definition: ReviewTemplateDefinition; revision: number } | null;
  programs: readonly TemplateProgram[];
  onClose: () => void;
}

/**
 * Creating or editing a review template (docs/decisions/040-review-templates.md): its name, the form it was
 * written for, the titles of the canvas sections it uses, and its rules "question wording → section"; then a
 * preview of where each answer of a chosen submission lands.
 */
export function TemplateEditor({ userId, organizationId, template, programs, onClose }: TemplateEditorProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(template?.definition ?? null));
  const [problems, setProblems] = useState<string[]>([]);
  /** The revision the edit is based on: the one read, or the newer one the person chose to save over. */
  const [revision, setRevision] = useState(template?.revision ?? 0);
  /** The template as someone else saved it meanwhile (a refused save), until the person chooses. */
  const [theirs, setTheirs] = useState<ReviewTemplate | null>(null);
  const save = useSaveTemplate(userId, organizationId);
  const sectionChoices = NUMBERS.filter((n) => draft.titles[n - 1]!.trim() !== "").map((n) => ({
    value: String(n),
    label: sectionLabel(n, draft.titles[n - 1]!),
  }));

  const setRule = (index: number, patch: Partial<TemplateRule>) =>
    setDraft({ ...draft, rules: draft.rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)) });

  /** The definition, or null with the problems shown. */
  function checked(): ReviewTemplateDefinition | null {
    const parsed = reviewTemplateDefinitionSchema.safeParse(definitionOf(draft));
    if (parsed.success) {
      setProblems([]);
      return parsed.data;
    }
    setProblems(issueLines(parsed.error));
    return null;
  }

  async function submit(basedOn = revision) {
    const definition = checked();
    if (definition === null) return;
    try {
      await save.mutateAsync({ id: template?._id ?? null, definition, revision: basedOn });
      notify(template === null ? "Template created." : "Template saved.");
      onClose();
    } catch (error) {
      if (template !== null && isEditConflict(error, "reviewTemplate")) {
        try {
          setTheirs(
            await storedValueOf(error, reviewTemplateSchema, async () => {
              const result = await apiGet(
                apiPath`/api/organizations/${organizationId}/review-templates/${template._id}`,
                reviewTemplateResultSchema,
              );
              return result.template;
            }),
          );
        } catch (unread) {
          setProblems([(unread as Error).message]);
        }
        return;
      }
      setProblems(failureLines(error));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={template === null ? "New review template" : "Edit review template"}
      size="xl"
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <TextInput
          label="Application form"
          description="The form this template was written for: its questions are matched by their wording."
          required
          value={draft.form}
          onChange={(e) => setDraft({ ...draft, form: e.currentTarget.value })}
        />
        <Title order={3} size="h4">
          Sections
        </Title>
        <Text size="sm" c="gray.7">
          The legacy review's nine canvas sections: give a title to each one the template uses.
        </Text>
        {NUMBERS.map((n) => (
          <TextInput
            key={n}
            label={`Section ${n}`}
            value={draft.titles[n - 1]}
            onChange={(e) => {
              const titles = [...draft.titles];
              titles[n - 1] = e.currentTarget.value;
              setDraft({ ...draft, titles });
            }}
          />
        ))}
        <Title order={3} size="h4">
          Rules
        </Title>
        <Text size="sm" c="gray.7">
          The first rule that matches a question's wording places its answer (letter case, spaces and the kind
          of dash do not count). In a pattern, * stands for any text. Answers no rule places are shown under
          Other.
        </Text>
        {draft.rules.map((rule, index) => (
          <Group key={rule.key} align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              label={`Rule ${index + 1}: question wording`}
              style={{ flex: "1 1 16rem" }}
              value={rule.wording}
              onChange={(e) => setRule(index, { wording: e.currentTarget.value })}
            />
            <Select
              label="Match"
              w={130}
              data={[
                { value: "exact", label: "Exact" },
                { value: "pattern", label: "Pattern" },
              ]}
              value={rule.match}
              allowDeselect={false}
              onChange={(value) => value && setRule(index, { match: value as TemplateRule["match"] })}
            />
            <Select
              label="Section"
              w={220}
              data={sectionChoices}
              value={String(rule.section)}
              allowDeselect={false}
              onChange={(value) => value && setRule(index, { section: Number(value) })}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Remove rule ${index + 1}`}
              onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, i) => i !== index) })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              setDraft({
                ...draft,
                rules: [
                  ...draft.rules,
                  keyed({ wording: "", match: "exact", section: Number(sectionChoices[0]?.value ?? 1) }),
                ],
              })
            }
          >
            Add rule
          </Button>
        </Group>
        {theirs !== null && (
          <EditConflictNotice
            title="This template was changed by someone else"
            message={EDIT_CONFLICT_MESSAGES.reviewTemplate}
            theirs={templateSummary(theirs.definition)}
            yours={templateSummary(definitionOf(draft))}
            label="review template"
            onReload={() => {
              setDraft(draftOf(theirs.definition));
              setRevision(theirs.revision);
              setTheirs(null);
            }}
            onKeepMine={() => {
              setRevision(theirs.revision);
              setTheirs(null);
              void submit(theirs.revision);
            }}
          />
        )}
        {problems.length > 0 && (
          <Alert color="red" title="The template cannot be saved" role="alert">
            <Stack gap={2}>
              {problems.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <TemplatePreviewPanel organizationId={organizationId} programs={programs} definitionOf={checked} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => submit()} loading={save.isPending}>
            Save template
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface PreviewPanelProps {
  organizationId: string;
  programs: readonly TemplateProgram[];
  /** The template as edited, checked (null: its problems are shown instead). */
  definitionOf: () => ReviewTemplateDefinition | null;
}

/** Preview: for a chosen submission of a legacy program, where each answer lands. */
function TemplatePreviewPanel({ organizationId, programs, definitionOf }: PreviewPanelProps) {
  const [programId, setProgramId] = useState<string | null>(programs[0]?._id ?? null);
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function show(submissionId?: string) {
    const definition = definitionOf();
    if (definition === null || programId === null) return;
    setLoading(true);
    setFailure(null);
    try {
      setPreview(await previewTemplate(organizationId, { definition, programId, submissionId }));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setLoading(false);
    }
  }

  if (programs.length === 0) {
    return <Text size="sm">Preview: the organization has no legacy program to preview a submission of.</Text>;
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="template-preview-heading">
      <Title order={3} size="h4" id="template-preview-heading">
        Preview
      </Title>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Program"
          data={programs.map((p) => ({ value: p._id, label: p.name }))}
          value={programId}
          allowDeselect={false}
          onChange={(value) => {
            setProgramId(value);
            setPreview(null);
          }}
        />
        {preview !== null && preview.submissions.length > 0 && (
          <Select
            label="Submission"
            data={preview.submissions.map((s) => ({
              value: s._id,
              label: s.identifier || "(no identifier)",
            }))}
            value={preview.submissionId}
            allowDeselect={false}
            searchable
            onChange={(value) => value && show(value)}
          />
        )}
        <Button variant="default" onClick={() => show(preview?.submissionId ?? undefined)} loading={loading}>
          Show where each answer lands
        </Button>
      </Group>
      {failure !== null && (
        <Alert color="red" role="alert" title="No preview">
          {failure}
        </Alert>
      )}
      {preview !== null && preview.submissionId === null && (
        <Text size="sm">This program has no submissions.</Text>
      )}
      {preview !== null && preview.placements.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Section</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.placements.map((p) => (
                <Table.Tr key={p.questionId}>
                  <Table.Td>{p.wording}</Table.Td>
                  <Table.Td>{p.answer.length > 160 ? `${p.answer.slice(0, 160)}…` : p.answer}</Table.Td>
                  <Table.Td>
                    {p.section === null ? (
                      <Text span fw={700} c="orange.9" size="sm">
                        Other (no rule matches)
                      </Text>
                    ) : (
                      sectionLabel(p.section, p.sectionTitle)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
