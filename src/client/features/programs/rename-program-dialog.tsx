import type { ProgramListItem } from "../../../shared/schemas/programs";
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

export function RenameProgramDialog({ userId, program, opened, onClose }: RenameProgramDialogProps) {
  const renameProgram = useRenameProgram(userId);

  async function rename(name: string): Promise<boolean> {
    if (program === null) return false;
    try {
      await renameProgram.mutateAsync({ programId: program.id, name });
      notify("Program renamed");
      return true;
    } catch (error) {
      reportProgramFailure("Error renaming the program", error);
      return false;
    }
  }

  return (
    <ProgramNameDialog
      opened={opened && program !== null}
      onClose={onClose}
      title="Rename program"
      initialName={program?.name ?? ""}
      submitLabel="Save"
      onSave={rename}
    />
  );
}
