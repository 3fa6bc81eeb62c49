import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Conflict, SuggestedConflict } from "../../../shared/schemas/conflicts";
import { CONFLICT_LIMITS } from "../../../shared/schemas/conflicts-constants";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { GrowingTextarea } from "../../components/growing-textarea";
import { PageLoader } from "../../components/page-loader";
import { conflictApi, conflictKeys, useConflictChange, useConflicts } from "../../lib/conflict-api";
import { formatDateTime } from "../../lib/date-format";
import { notify, notifyFailure } from "../../lib/notify";

const TITLE = "Conflicts of Interest";

/**
 * /admin/conflicts (docs/decisions/036-conflicts-of-interest.md): every conflict of interest of the current
 * program, with Revert (confirmed first) and, for a reviewer who was assigned, a replacement from the same
 * computation as automatic assignment; the suggested ones to confirm; and a form to record one for a member.
 */
export function ConflictsPage() {
  return (
    <CurrentProgramPage title={TITLE} noProgram="Choose a program to see its conflicts of interest.">
      {({ userId, program }) => <Conflicts userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

const personText = (p: { name: string; email: string }) => (p.name ? `${p.name} (${p.email})` : p.email);

function Conflicts({ userId, program }: { userId: string; program: UserProgram }) {
  const conflicts = useConflicts(userId, program.id);
  const { declare, revert } = useConflictChange(userId);
  const [reverting, setReverting] = useState<Conflict | null>(null);

  if (conflicts.isPending) return <PageLoader />;
  if (conflicts.isError) {
    return <Text c="red.9">Error loading the conflicts of interest: {conflicts.error.message}</Text>;
  }
  const { conflicts: list, active, suggestions } = conflicts.data;

  async function confirmSuggestion(s: SuggestedConflict) {
    try {
      await declare.mutateAsync({
        programId: program.id,
        body: {
          submissionId: s.submissionId,
          userId: s.member._id,
          reason: `Same email domain (${s.domain})`,
        },
      });
      notify(`Conflict of interest recorded for ${personText(s.member)}.`);
    } catch (error) {
      notifyFailure(
        "Error: the conflict of interest was not recorded",
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  async function confirmRevert() {
    if (reverting === null) return;
    try {
      await revert.mutateAsync({ programId: program.id, conflictId: reverting._id });
      notify(
        `Conflict of interest reverted: ${reverting.identifier} is back in ${reverting.member.name || reverting.member.email}'s list.`,
      );
      setReverting(null);
    } catch (error) {
      notifyFailure(
        "Error: the conflict of interest was not reverted",
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{TITLE}</Title>
      <Text>
        {active === 1 ? "1 active conflict of interest" : `${active} active conflicts of interest`} in{" "}
        {program.name}. A conflicted member no longer rates the application (it leaves their list; an
        admin-reviewer still reads it, marked), and their review and ranking of it count in no statistic until
        the conflict is reverted.
      </Text>

      {suggestions.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="suggested-conflicts">
          <Title order={2} size="h3" id="suggested-conflicts">
            Suggested conflicts
          </Title>
          <Text size="sm">
            These committee members share the applicant's email domain. Nothing is applied until you confirm.
          </Text>
          <ScrollArea>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application</Table.Th>
                  <Table.Th>Committee member</Table.Th>
                  <Table.Th>Shared domain</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {suggestions.map((s) => (
                  <Table.Tr key={`${s.submissionId} ${s.member._id}`}>
                    <Table.Td>{s.identifier}</Table.Td>
                    <Table.Td>{personText(s.member)}</Table.Td>
                    <Table.Td>{s.domain}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void confirmSuggestion(s)}
                        loading={declare.isPending}
                        aria-label={`Confirm conflict: ${personText(s.member)} with ${s.identifier}`}
                      >
                        Confirm conflict
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      )}

      <RecordConflictForm userId={userId} program={program} />

      <Stack gap="xs" component="section" aria-labelledby="declared-conflicts">
        <Title order={2} size="h3" id="declared-conflicts">
          Declared conflicts
        </Title>
        {list.length === 0 ? (
          <Text>No conflict of interest has been declared in this program.</Text>
        ) : (
          <ScrollArea>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application</Table.Th>
                  <Table.Th>Committee member</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Declared</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((c) => (
                  <ConflictRow
                    key={c._id}
                    userId={userId}
                    programId={program.id}
                    conflict={c}
                    onRevert={setReverting}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>

      <Modal
        opened={reverting !== null}
        onClose={() => setReverting(null)}
        title="Revert this conflict of interest?"
      >
        <Stack gap="md">
          <Text size="sm">
            {reverting === null
              ? ""
              : `${reverting.identifier} goes back into ${personText(reverting.member)}'s list, and their review and ranking of it count again. The conflict stays in the history below.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setReverting(null)}
              disabled={revert.isPending}
              data-autofocus
            >
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirmRevert()} loading={revert.isPending}>
              Revert
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

interface ConflictRowProps {
  userId: string;
  programId: string;
  conflict: Conflict;
  onRevert: (conflict: Conflict) => void;
}

function ConflictRow({ userId, programId, conflict: c, onRevert }: ConflictRowProps) {
  const declared = `${formatDateTime(c.createdAt)}${c.declaredBy === "admin" ? ` — recorded by ${c.recordedBy ? personText(c.recordedBy) : "an admin"}` : " — by the member"}`;
  return (
    <Table.Tr>
      <Table.Td>{c.identifier}</Table.Td>
      <Table.Td>{personText(c.member)}</Table.Td>
      <Table.Td style={{ overflowWrap: "anywhere", maxWidth: "20rem" }}>{c.reason || "—"}</Table.Td>
      <Table.Td>{declared}</Table.Td>
      <Table.Td>
        {c.revertedAt === null ? (
          // Its label never shrinks to "ACT…" when the desk-width table is squeezed.
          <Badge color="red" variant="light" styles={{ label: { overflow: "visible" } }}>
            Active
          </Badge>
        ) : (
          <Text size="sm">
            Reverted {formatDateTime(c.revertedAt)}
            {c.revertedBy ? ` by ${personText(c.revertedBy)}` : ""}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {c.revertedAt === null && (
          <Stack gap={4} align="flex-start">
            <Button
              size="xs"
              variant="default"
              onClick={() => onRevert(c)}
              aria-label={`Revert: ${personText(c.member)} with ${c.identifier}`}
            >
              Revert
            </Button>
            {c.assigned && <Replacement userId={userId} programId={programId} conflict={c} />}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The reviewer who declared was assigned: one replacement, proposed by the automatic assignment's own
 * computation, assigned in one click.
 */
function Replacement({ programId, conflict }: { userId: string; programId: string; conflict: Conflict }) {
  const [offer, setOffer] = useState<
    { _id: string; name: string; email: string; load: number } | null | undefined
  >(undefined);
  const [busy, setBusy] = useState(false);
  const [assigned, setAssigned] = useState(false);

  async function find() {
    setBusy(true);
    try {
      setOffer((await conflictApi.replacement(programId, conflict._id)).reviewer);
    } catch (error) {
      notifyFailure(
        "Error: no replacement could be proposed",
        error instanceof Error ? error.message : String(error),
      );
    } finally {
      setBusy(false);
    }
  }

  async function assign() {
    if (!offer) return;
    setBusy(true);
    try {
      await conflictApi.assignReplacement(programId, conflict.submissionId, offer._id);
      setAssigned(true);
      notify(`${personText(offer)} now reviews ${conflict.identifier}.`);
    } catch (error) {
      notifyFailure(
        "Error: the replacement was not assigned",
        error instanceof Error ? error.message : String(error),
      );
    } finally {
      setBusy(false);
    }
  }

  if (assigned && offer) return <Text size="sm">Assigned: {personText(offer)}</Text>;
  if (offer === undefined) {
    return (
      <Button size="xs" variant="light" onClick={() => void find()} loading={busy}>
        Offer a replacement
      </Button>
    );
  }
  if (offer === null) return <Text size="sm">No other committee member can review it.</Text>;
  return (
    <Button size="xs" onClick={() => void assign()} loading={busy}>
      Assign {personText(offer)} ({offer.load} assigned)
    </Button>
  );
}

/** Record a conflict on a member's behalf: find the application by name, choose the member, optional reason. */
function RecordConflictForm({ userId, program }: { userId: string; program: UserProgram }) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const candidates = useQuery({
    queryKey: [...conflictKeys.list(userId, program.id), "candidates", debounced.trim()],
    queryFn: () => conflictApi.candidatesAndCommittee(program.id, debounced.trim()),
    placeholderData: keepPreviousData,
  });
  const [submissionId, setSubmissionId] = useState<string | null>(null);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const { declare } = useConflictChange(userId);

  const rows = candidates.data?.rows ?? [];
  const committee = (candidates.data?.committee ?? []).filter((m) => m.role !== "GUEST");

  async function record() {
    if (submissionId === null || memberId === null) return;
    try {
      await declare.mutateAsync({
        programId: program.id,
        body: { submissionId, userId: memberId, ...(reason.trim() === "" ? {} : { reason: reason.trim() }) },
      });
      notify("Conflict of interest recorded.");
      setSubmissionId(null);
      setMemberId(null);
      setReason("");
    } catch (error) {
      notifyFailure(
        "Error: the conflict of interest was not recorded",
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="record-conflict">
      <Stack gap="sm">
        <Title order={2} size="h3" id="record-conflict">
          Record a conflict for a committee member
        </Title>
        <TextInput
          label="Find an application"
          description="Type part of the applicant's name."
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          label="Application"
          placeholder={rows.length === 0 ? "No application matches" : "Choose an application"}
          data={rows.map((r) => ({ value: r._id, label: r.identifier }))}
          value={submissionId}
          onChange={setSubmissionId}
          searchable
        />
        <Select
          label="Committee member"
          placeholder="Choose a committee member"
          data={committee.map((m) => ({ value: m._id, label: personText(m) }))}
          value={memberId}
          onChange={setMemberId}
          searchable
        />
        <GrowingTextarea
          label="Reason (optional)"
          value={reason}
          maxLength={CONFLICT_LIMITS.reasonLength}
          minRows={2}
          maxRows={6}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void record()}
            disabled={submissionId === null || memberId === null}
            loading={declare.isPending}
          >
            Record conflict
          </Button>
        </Group>
        {candidates.isError && (
          <Alert color="red">Error loading the applications: {candidates.error.message}</Alert>
        )}
      </Stack>
    </Paper>
  );
}
