import { Alert, Anchor, Button, Collapse, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { MESSAGES } from "../../../shared/messages";
import { type ProgramListItem, programsLeft } from "../../../shared/schemas/programs";
import { ChevronDownIcon } from "../../components/icons";
import { PageLoader } from "../../components/page-loader";
import { useSetCurrentProgram } from "../../lib/current-program";
import { notify } from "../../lib/notify";
import { useSignedInSession } from "../../lib/signed-in-session";
import { allowanceNotice, BILLING_PATH } from "./allowance-notice";
import { useProgramList } from "./api";
import { DeleteProgramDialog } from "./delete-program-dialog";
import { GettingStarted } from "./getting-started";
import { ImportProgramDialog } from "./import-program-dialog";
import { MyInvitations } from "./my-invitations";
import { NewProgramDialog } from "./new-program-dialog";
import { type ProgramDestination, type ProgramRowActions, ProgramsTable } from "./programs-table";
import { RenameProgramDialog } from "./rename-program-dialog";

/** Where View and Admin lead once the program is current: step 1 of reviewing, or the admin dashboard. */
const DESTINATION_PATHS: Record<ProgramDestination, string> = {
  view: "/applications",
  admin: "/admin/dashboard",
};

/** The dialog a row's actions menu opened; the program stays while the dialog animates closed. */
interface ProgramDialog {
  kind: "rename" | "delete";
  program: ProgramListItem;
  opened: boolean;
}

export function ProgramsPage() {
  const { user } = useSignedInSession();
  const navigate = useNavigate();
  const list = useProgramList(user.id);
  const setCurrentProgram = useSetCurrentProgram(user.id);
  const [opening, setOpening] = useState<ProgramRowActions["opening"]>(null);
  const [dialog, setDialog] = useState<ProgramDialog | null>(null);
  const [creating, creatingDialog] = useDisclosure(false);
  const [importing, importingDialog] = useDisclosure(false);
  const [archivesOpen, archives] = useDisclosure(false);
  const archivesId = useId();
  const limitId = useId();

  if (list.isPending) return <PageLoader />;
  if (list.isError) return <Text c="red.9">Error loading your programs: {list.error.message}</Text>;

  const { programs, allowance } = list.data;
  const active = programs.filter((program) => !program.archived);
  const archived = programs.filter((program) => program.archived);

  async function openProgram(program: ProgramListItem, destination: ProgramDestination) {
    setOpening({ programId: program.id, destination });
    try {
      await setCurrentProgram.mutateAsync(program.id);
      notify(`Current program: ${program.name}`);
      navigate(DESTINATION_PATHS[destination]);
    } catch (error) {
      notify(`Error changing the current program: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setOpening(null);
    }
  }

  const closeDialog = () => setDialog((current) => (current === null ? null : { ...current, opened: false }));
  const actions: ProgramRowActions = {
    userId: user.id,
    onOpen: (program, destination) => void openProgram(program, destination),
    opening,
    onRename: (program) => setDialog({ kind: "rename", program, opened: true }),
    onDelete: (program) => setDialog({ kind: "delete", program, opened: true }),
  };
  const left = allowance === null ? null : programsLeft(allowance);
  const limit = allowance === null ? null : allowanceNotice(allowance);
  const canAdd = allowance?.canCreate === true && left !== 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Programs</Title>
        {/* Only an organization admin has an allowance, and only they may add programs. */}
        {allowance !== null && (
          <Group gap="sm">
            {left !== null && (
              <Text>
                {allowance.used}/{allowance.max} programs
              </Text>
            )}
            <Button
              onClick={creatingDialog.open}
              disabled={!canAdd}
              aria-describedby={limit?.blocking ? limitId : undefined}
            >
              {left === null ? "Add new" : `Add new (${left} left)`}
            </Button>
            <Button variant="default" onClick={importingDialog.open}>
              Import
            </Button>
          </Group>
        )}
      </Group>

      {limit !== null && (
        <Alert color={limit.blocking ? "yellow" : "blue"} variant="light" id={limitId}>
          <Text size="sm">
            {limit.text}{" "}
            <Anchor component={Link} to={BILLING_PATH} c="blue.9" underline="always">
              Go to Billing
            </Anchor>
          </Text>
        </Alert>
      )}

      <MyInvitations userId={user.id} />

      {programs.length === 0 && allowance !== null ? (
        // The spec's words, then what a new organization does first.
        <>
          <Text>{MESSAGES.noPrograms}</Text>
          <GettingStarted onAddNew={creatingDialog.open} canAdd={canAdd} />
        </>
      ) : programs.length === 0 ? (
        <Text>{MESSAGES.noPrograms}</Text>
      ) : active.length === 0 ? (
        <Text>No active programs.</Text>
      ) : (
        <ProgramsTable programs={active} caption="Active programs" actions={actions} />
      )}

      {archived.length > 0 && (
        <section>
          <Title order={2} size="h4">
            <UnstyledButton onClick={archives.toggle} aria-expanded={archivesOpen} aria-controls={archivesId}>
              <Group gap={6} wrap="nowrap">
                <span
                  style={{
                    display: "inline-flex",
                    transform: archivesOpen ? undefined : "rotate(-90deg)",
                    transition: "transform 150ms",
                  }}
                >
                  <ChevronDownIcon />
                </span>
                Archives
              </Group>
            </UnstyledButton>
          </Title>
          <Collapse expanded={archivesOpen} id={archivesId} mt="sm">
            <ProgramsTable
              programs={archived}
              caption="Archived programs"
              actions={actions}
              withArchivedDate
            />
          </Collapse>
        </section>
      )}

      <NewProgramDialog userId={user.id} opened={creating} onClose={creatingDialog.close} />
      <ImportProgramDialog userId={user.id} opened={importing} onClose={importingDialog.close} />
      <RenameProgramDialog
        userId={user.id}
        program={dialog?.kind === "rename" ? dialog.program : null}
        opened={dialog?.kind === "rename" && dialog.opened}
        onClose={closeDialog}
      />
      <DeleteProgramDialog
        userId={user.id}
        program={dialog?.kind === "delete" ? dialog.program : null}
        opened={dialog?.kind === "delete" && dialog.opened}
        onClose={closeDialog}
      />
    </Stack>
  );
}
