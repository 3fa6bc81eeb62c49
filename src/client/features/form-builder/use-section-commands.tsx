import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { addSectionAfter, setSectionDeleted } from "../../../shared/forms/builder-edits";
import { newSection } from "../../../shared/forms/defaults";
import type { FormContent } from "../../../shared/forms/model";
import { liveSections } from "../../../shared/forms/model-constants";
import { FORM_MESSAGES } from "../../../shared/forms/publish-check";
import { notifyFailure } from "../../lib/notify";
import { formApi } from "./api";
import { DeleteSectionDialog } from "./delete-section-dialog";
import { failureText } from "./failure-text";
import type { FormSync } from "./form-sync";
import type { SectionCommands } from "./section-card";

const UNDO_TIMEOUT_MS = 10_000;

function sectionLabel(content: FormContent, sectionId: string): string {
  const live = liveSections(content.sections);
  const index = live.findIndex((s) => s._id === sectionId);
  const name = live[index]?.name;
  return `section ${index + 1}${name ? ` (${name})` : ""}`;
}

/** The snackbar after a delete: "deleted", with UNDO that restores the section. */
function showDeleted(label: string, onUndo: () => void) {
  const id = `section-deleted-${Date.now()}`;
  notifications.show({
    id,
    autoClose: UNDO_TIMEOUT_MS,
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{`${label[0]!.toUpperCase()}${label.slice(1)} deleted`}</Text>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          UNDO
        </Button>
      </Group>
    ),
  });
}

/**
 * Adding and deleting sections go through the server's section calls (queued behind the autosave); the
 * delete asks first and offers UNDO. `forSections` is stable, so memoized sections keep it.
 */
export function useSectionCommands(
  formId: string,
  sync: FormSync,
  latest: () => FormContent,
): { forSections: SectionCommands; dialog: ReactNode } {
  const [pending, setPending] = useState<{ sectionId: string; label: string; opened: boolean } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  const forSections = useMemo<SectionCommands>(
    () => ({
      addSectionAfter: (afterId) => {
        const section = newSection();
        // The index is taken when the call runs, after the edits queued before it are saved.
        const indexOf = (content: FormContent) => content.sections.findIndex((s) => s._id === afterId);
        sync
          .run(
            (revision) => formApi.addSection(formId, revision, indexOf(latest()), section),
            (content) => ({
              ...content,
              sections: addSectionAfter(content.sections, indexOf(content), section),
            }),
          )
          .catch((error: unknown) => notifyFailure("Error adding a section", failureText(error)));
      },
      requestDelete: (sectionId) =>
        setPending({ sectionId, label: sectionLabel(latest(), sectionId), opened: true }),
    }),
    [formId, sync, latest],
  );

  function restore(sectionId: string) {
    sync
      .run(
        (revision) => formApi.restoreSection(formId, sectionId, revision),
        (content) => ({ ...content, sections: setSectionDeleted(content.sections, sectionId, false) }),
      )
      .catch((error: unknown) => {
        console.error("Restoring a section", error);
        notifications.show({ color: "red", message: FORM_MESSAGES.restoreFailed });
      });
  }

  async function confirmDelete() {
    const target = pendingRef.current;
    if (target === null || deleting) return;
    setDeleting(true);
    try {
      await sync.run(
        (revision) => formApi.deleteSection(formId, target.sectionId, revision),
        (content) => ({ ...content, sections: setSectionDeleted(content.sections, target.sectionId, true) }),
      );
      setPending({ ...target, opened: false });
      showDeleted(target.label, () => restore(target.sectionId));
    } catch (error) {
      console.error("Deleting a section", error);
      notifyFailure("Error deleting the section", failureText(error));
    } finally {
      setDeleting(false);
    }
  }

  const dialog = (
    <DeleteSectionDialog
      sectionLabel={pending?.label ?? ""}
      opened={pending?.opened ?? false}
      deleting={deleting}
      onConfirm={() => void confirmDelete()}
      onClose={() => setPending((current) => (current === null ? null : { ...current, opened: false }))}
    />
  );
  return { forSections, dialog };
}
