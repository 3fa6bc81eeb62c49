import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  type AutoAssignmentBody,
  type AutoAssignmentProposal,
  type AutoAssignmentResult,
  autoAssignmentBodySchema,
  autoAssignmentProposalSchema,
  autoAssignmentResultSchema,
} from "../../../shared/schemas/auto-assignment";
import { FormAlert } from "../../components/form-alert";
import { apiPath, apiSend } from "../../lib/api-client";
import { useReviewerGroups } from "./api";
import { failureReason } from "./failure-reason";
import { assignKeys } from "./query-keys";

/**
 * "Assign automatically" (docs/decisions/034-automatic-assignment.md): the admin sets how many reviews each
 * candidate needs, sees the proposal (each reviewer's load before and after, and who could not get enough),
 * applies it, and can undo it while nothing else has been assigned.
 */

const autoApi = {
  propose: (programId: string, body: AutoAssignmentBody) =>
    apiSend("POST", apiPath`/api/programs/${programId}/assignments/auto`, body, autoAssignmentProposalSchema),
  apply: (programId: string, proposalId: string) =>
    apiSend(
      "POST",
      apiPath`/api/programs/${programId}/assignments/auto/apply`,
      { proposalId },
      autoAssignmentResultSchema,
    ),
  undo: (programId: string, proposalId: string) =>
    apiSend(
      "POST",
      apiPath`/api/programs/${programId}/assignments/auto/${proposalId}/undo`,
      undefined,
      autoAssignmentResultSchema,
    ),
};

export const SHORT_REASON_TEXT = {
  "too-few-eligible": "not enough committee members may review it",
  "reviewers-at-maximum": "every member who may review it is at the maximum",
} as const;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

interface AutoAssignDialogProps {
  userId: string;
  programId: string;
  /** Candidates ticked in the list: "The selected" is offered when there are any. */
  selected: readonly string[];
  opened: boolean;
  onClose: () => void;
}

export function AutoAssignDialog({ opened, onClose, ...rest }: AutoAssignDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Assign automatically" size="lg">
      {/* Unmounted when closed: every opening starts on the settings. */}
      <AutoAssign {...rest} onClose={onClose} />
    </Modal>
  );
}

type Scope = "unassigned" | "all" | "selected";
type Step =
  | { kind: "settings" }
  | { kind: "preview"; proposal: AutoAssignmentProposal }
  | { kind: "applied"; result: AutoAssignmentResult }
  | { kind: "undone"; result: AutoAssignmentResult };

function AutoAssign({ userId, programId, selected, onClose }: Omit<AutoAssignDialogProps, "opened">) {
  const queryClient = useQueryClient();
  const groups = useReviewerGroups(userId, programId);
  const [reviews, setReviews] = useState<number | string>(3);
  const [maximum, setMaximum] = useState<number | string>("");
  const [scope, setScope] = useState<Scope>(selected.length > 0 ? "selected" : "unassigned");
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [rebalance, setRebalance] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: "settings" });
  const refreshList = () => queryClient.invalidateQueries({ queryKey: assignKeys.lists(userId, programId) });
  const failed = (error: unknown) => setFailure(failureReason(error));

  const propose = useMutation({
    mutationFn: (body: AutoAssignmentBody) => autoApi.propose(programId, body),
    onSuccess: (proposal) => setStep({ kind: "preview", proposal }),
    onError: failed,
  });
  const apply = useMutation({
    mutationFn: (proposalId: string) => autoApi.apply(programId, proposalId),
    onSuccess: (result) => setStep({ kind: "applied", result }),
    onError: failed,
    onSettled: refreshList,
  });
  const undo = useMutation({
    mutationFn: (proposalId: string) => autoApi.undo(programId, proposalId),
    onSuccess: (result) => setStep({ kind: "undone", result }),
    onError: failed,
    onSettled: refreshList,
  });

  const submit = () => {
    setFailure(null);
    const parsed = autoAssignmentBodySchema.safeParse({
      reviewsPerCandidate: typeof reviews === "number" ? reviews : Number.NaN,
      ...(maximum === "" ? {} : { maxPerReviewer: typeof maximum === "number" ? maximum : Number.NaN }),
      candidates: scope === "selected" ? [...selected] : scope,
      ...(groupIds.length > 0 ? { groups: groupIds } : {}),
      ...(rebalance ? { rebalance } : {}),
    });
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setFieldErrors({});
    propose.mutate(parsed.data);
  };

  if (step.kind === "applied" || step.kind === "undone") {
    const { result } = step;
    return (
      <Stack>
        <Alert color={step.kind === "applied" ? "green" : "gray"} role="status">
          {step.kind === "applied"
            ? `Assigned: ${plural(result.added, "review", "reviews")} added${
                result.removed > 0 ? `, ${plural(result.removed, "assignment", "assignments")} released` : ""
              }.`
            : "The automatic assignment was undone."}
        </Alert>
        <FormAlert message={failure} />
        <Group justify="flex-end">
          {step.kind === "applied" && (
            <Button variant="default" loading={undo.isPending} onClick={() => undo.mutate(result.proposalId)}>
              Undo
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  if (step.kind === "preview") {
    const { proposal } = step;
    return (
      <Stack>
        <Text>
          {plural(proposal.added, "review", "reviews")} added to{" "}
          {plural(proposal.candidates, "candidate", "candidates")}
          {proposal.removed > 0 ? `, ${plural(proposal.removed, "assignment", "assignments")} released` : ""}.
          Nothing changes until you apply.
        </Text>
        <Table striped withTableBorder>
          <Table.Caption>Each reviewer's assigned candidates, before and after</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reviewer</Table.Th>
              <Table.Th ta="right">Before</Table.Th>
              <Table.Th ta="right">After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {proposal.loads.map((l) => (
              <Table.Tr key={l.reviewer._id}>
                <Table.Td>{l.reviewer.name || l.reviewer.email}</Table.Td>
                <Table.Td ta="right">{l.before}</Table.Td>
                <Table.Td ta="right">{l.after}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {proposal.short.length > 0 && (
          <Alert
            color="yellow"
            title={`${plural(proposal.short.length, "candidate gets", "candidates get")} fewer reviews than asked`}
          >
            <Stack gap={2} component="ul" m={0} pl="lg">
              {proposal.short.slice(0, 20).map((s) => (
                <Text component="li" size="sm" key={s.submissionId}>
                  {s.identifier || "(no name)"}: {plural(s.reviewers, "reviewer", "reviewers")},{" "}
                  {SHORT_REASON_TEXT[s.reason]}
                </Text>
              ))}
              {proposal.short.length > 20 && (
                <Text component="li" size="sm">
                  and {proposal.short.length - 20} more
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        <FormAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setStep({ kind: "settings" })}>
            Back
          </Button>
          <Button
            loading={apply.isPending}
            disabled={proposal.added + proposal.removed === 0}
            onClick={() => apply.mutate(proposal.id)}
          >
            Apply
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <NumberInput
        label="Reviews per candidate"
        description="About five reviewers per application is where more stop adding much."
        min={1}
        max={50}
        allowDecimal={false}
        value={reviews}
        onChange={setReviews}
        error={fieldErrors.reviewsPerCandidate}
        required
      />
      <NumberInput
        label="At most per reviewer"
        description="Leave empty for no maximum."
        min={1}
        allowDecimal={false}
        value={maximum}
        onChange={setMaximum}
        error={fieldErrors.maxPerReviewer}
      />
      <Radio.Group label="Candidates" value={scope} onChange={(value) => setScope(value as Scope)}>
        <Stack gap="xs" mt="xs">
          <Radio value="unassigned" label="Those with no reviewer or group yet" />
          <Radio value="all" label="All candidates (what is assigned stays, and counts)" />
          {selected.length > 0 && (
            <Radio
              value="selected"
              label={`The ${plural(selected.length, "selected candidate", "selected candidates")}`}
            />
          )}
        </Stack>
      </Radio.Group>
      <MultiSelect
        label="Reviewers from these groups only"
        description="Leave empty to draw from the whole committee (guests only read, and are never chosen)."
        data={(groups.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
        value={groupIds}
        onChange={setGroupIds}
        error={fieldErrors.groups}
        searchable
        clearable
      />
      <Checkbox
        label="Rebalance: release reviewers given to these candidates one by one who have not started their review, and assign again"
        checked={rebalance}
        onChange={(event) => setRebalance(event.currentTarget.checked)}
      />
      <FormAlert message={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={propose.isPending} onClick={submit}>
          Preview
        </Button>
      </Group>
    </Stack>
  );
}
