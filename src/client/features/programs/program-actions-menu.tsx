import { ActionIcon, Menu } from "@mantine/core";
import type { ProgramListItem } from "../../../shared/schemas/programs";
import { DotsVerticalIcon } from "../../components/icons";
import { notify } from "../../lib/notify";
import { useDuplicateProgram, useSetProgramArchived } from "./api";
import { reportProgramFailure } from "./report-failure";

interface ProgramActionsMenuProps {
  userId: string;
  program: ProgramListItem;
  /** Rename and Delete open the page's dialogs, which outlive the row (a deleted row disappears). */
  onRename: (program: ProgramListItem) => void;
  onDelete: (program: ProgramListItem) => void;
}

/** Rename, Duplicate, Archive or Unarchive, Delete: for the organization admin only (the caller decides). */
export function ProgramActionsMenu({ userId, program, onRename, onDelete }: ProgramActionsMenuProps) {
  const duplicateProgram = useDuplicateProgram(userId);
  const setArchived = useSetProgramArchived(userId);
  const pending = duplicateProgram.isPending || setArchived.isPending;

  // Success messages leave the name out: the snackbar turns red for any text containing "Error".
  // mutateAsync rather than mutate's callbacks: an archived row moves to the other table, unmounting this
  // menu before the list has refreshed, and the outcome must still be told.
  async function duplicate() {
    try {
      await duplicateProgram.mutateAsync(program.id);
      notify("Program duplicated");
    } catch (error) {
      reportProgramFailure("Error duplicating the program", error);
    }
  }

  async function toggleArchived() {
    const archived = !program.archived;
    try {
      await setArchived.mutateAsync({ programId: program.id, archived });
      notify(archived ? "Program archived" : "Program unarchived");
    } catch (error) {
      reportProgramFailure(archived ? "Error archiving the program" : "Error unarchiving the program", error);
    }
  }

  // hideDetached off: in the Archives table the button sits in a Collapse, and a click while it is still opening
  // (the button partly clipped) would otherwise leave the menu open but hidden, as nothing re-measures the button.
  return (
    <Menu position="bottom-end" width={180} hideDetached={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="dark"
          aria-label={`Actions for ${program.name}`}
          loading={pending}
        >
          <DotsVerticalIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onRename(program)}>Rename</Menu.Item>
        <Menu.Item onClick={() => void duplicate()}>Duplicate</Menu.Item>
        <Menu.Item onClick={() => void toggleArchived()}>
          {program.archived ? "Unarchive" : "Archive"}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => onDelete(program)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
