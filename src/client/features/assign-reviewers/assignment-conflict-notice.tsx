import { useQueryClient } from "@tanstack/react-query";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { useSaveAssignment } from "./api";
import type { AssignmentChange } from "./assignment-cache";
import {
  type AssignmentConflict,
  conflictWording,
  keepMineChange,
  listSummary,
  storedList,
} from "./assignment-conflict";
import { assignKeys } from "./query-keys";

interface AssignmentConflictNoticeProps {
  userId: string;
  programId: string;
  conflict: AssignmentConflict;
  /** The person chose: the notice goes away. */
  onDone: () => void;
  /** Keep mine failed for another reason (the row shows what is saved). */
  onFailure: (error: unknown, change: AssignmentChange) => void;
  /** Keep mine was refused again: the list changed once more. */
  onConflict: (conflict: AssignmentConflict) => void;
}

/**
 * A row's reviewers or groups changed by someone else while this admin was choosing (decision 016):
 * both lists, Reload (the row already shows theirs; the page is read again) or Keep mine (the admin's
 * list saved over theirs). Its save runs in the row's own queue, so it cannot overtake the row's saves.
 */
export function AssignmentConflictNotice({
  userId,
  programId,
  conflict,
  onDone,
  onFailure,
  onConflict,
}: AssignmentConflictNoticeProps) {
  const queryClient = useQueryClient();
  const save = useSaveAssignment({
    userId,
    programId,
    submissionId: conflict.submissionId,
    name: conflict.name,
    onFailure,
    onConflict,
  });
  const { title, label } = conflictWording(conflict);
  return (
    <EditConflictNotice
      title={title}
      message={EDIT_CONFLICT_MESSAGES[conflict.change.field]}
      theirs={listSummary(storedList(conflict.theirs, conflict.change.field))}
      yours={listSummary(conflict.change.next)}
      label={label}
      onReload={() => {
        onDone();
        void queryClient.invalidateQueries({ queryKey: assignKeys.lists(userId, programId) });
      }}
      onKeepMine={() => {
        save.mutate(keepMineChange(conflict));
        onDone();
      }}
    />
  );
}
