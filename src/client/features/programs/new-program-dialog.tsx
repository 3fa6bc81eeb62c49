import { notify } from "../../lib/notify";
import { useCreateProgram } from "./api";
import { ProgramNameDialog } from "./program-name-dialog";
import { reportProgramFailure } from "./report-failure";

interface NewProgramDialogProps {
  userId: string;
  opened: boolean;
  onClose: () => void;
}

/** "Add new": a program in the organization the user administers (the server picks the organization). */
export function NewProgramDialog({ userId, opened, onClose }: NewProgramDialogProps) {
  const createProgram = useCreateProgram(userId);

  async function create(displayName: string): Promise<boolean> {
    try {
      await createProgram.mutateAsync({ displayName });
      notify("Program created");
      return true;
    } catch (error) {
      reportProgramFailure("Error creating the program", error);
      return false;
    }
  }

  return (
    <ProgramNameDialog
      opened={opened}
      onClose={onClose}
      title="New program"
      initialName=""
      submitLabel="Create"
      onSave={create}
    />
  );
}
