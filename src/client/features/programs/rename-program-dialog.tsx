import { useState } from "react";
import { z } from "zod";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import { type ProgramListItem, programResultSchema } from "../../../shared/schemas/programs";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { apiGet, apiPath } from "../../lib/api-client";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { notify } from "../../lib/notify";
import { useRenameProgram } from "./api";
import { ProgramNameDialog } from "./program-name-dialog";
import { reportProgramFailure } from "./report-failure";

interface RenameProgramDialogProps {
  userId: string;
  /** The program last chosen for renaming; it stays while the dialog animates closed. */
  program: ProgramListItem | null;
  opened: boolean;
  onClose: () => void;
}

/** Renamed by someone else meanwhile (decision 016): their name, and the one this admin typed. */
interface RenameConflict {
  theirs: string;
  mine: string;
}

const storedNameSchema = z.object({ name: z.string() });

export function RenameProgramDialog({ userId, program, opened, onClose }: RenameProgramDialogProps) {
  const renameProgram = useRenameProgram(userId);
  const [conflict, setConflict] = useState<RenameConflict | null>(null);

  /** Renames `program`, based on the name the admin saw (`expected`): false when it did not happen. */
  async function rename(name: string, expected: string): Promise<boolean> {
    if (program === null) return false;
    try {
      await renameProgram.mutateAsync({ programId: program.id, name, expected: { name: expected } });
      setConflict(null);
      notify("Program renamed");
      return true;
    } catch (error) {
      let failure = error;
      if (isEditConflict(error, "programName")) {
        try {
          const stored = await storedValueOf(error, storedNameSchema, async () => {
            const read = await apiGet(apiPath`/api/programs/${program.id}`, programResultSchema);
            return { name: read.program.name };
          });
          setConflict({ theirs: stored.name, mine: name });
          return false;
        } catch (unread) {
          failure = unread;
        }
      }
      reportProgramFailure("Error renaming the program", failure);
      return false;
    }
  }

  function close() {
    setConflict(null);
    onClose();
  }

  return (
    <ProgramNameDialog
      opened={opened && program !== null}
      onClose={close}
      title="Rename program"
      initialName={program?.name ?? ""}
      submitLabel="Save"
      onSave={(name) => rename(name, conflict?.theirs ?? program?.name ?? "")}
      notice={
        conflict && (
          <EditConflictNotice
            title="This program was renamed by someone else"
            message={EDIT_CONFLICT_MESSAGES.programName}
            theirs={conflict.theirs}
            yours={conflict.mine}
            label="program name"
            // Take theirs: the programs list shows it once read again.
            onReload={close}
            onKeepMine={() => void rename(conflict.mine, conflict.theirs).then((done) => done && close())}
          />
        )
      }
    />
  );
}
