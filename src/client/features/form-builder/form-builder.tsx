import { Box, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { logicWarnings } from "../../../shared/forms/branching";
import { moveLiveSection, type SectionRef } from "../../../shared/forms/builder-edits";
import { missingFrench } from "../../../shared/forms/french-texts";
import type { FormSettings, RichText } from "../../../shared/forms/model";
import { liveSections } from "../../../shared/forms/model-constants";
import { FORM_MESSAGES, formProblems } from "../../../shared/forms/publish-check";
import type { FormResult } from "../../../shared/schemas/forms";
import { PageLoader } from "../../components/page-loader";
import { notify, notifyFailure } from "../../lib/notify";
import { formApi } from "./api";
import { CustomizationButton } from "./customization/customization-button";
import { DraftHeader } from "./draft-header";
import { failureText } from "./failure-text";
import classes from "./form-builder-layout.module.css";
import { FormDetails } from "./form-details";
import { FormOutline, sectionHeadingId } from "./form-outline";
import { useMachineTranslation } from "./machine-translation";
import { MappingScope } from "./mapping/mapping-scope";
import { SubmissionNoticeButton } from "./notices/submission-notice-dialog";
import { ProblemSummary } from "./problem-summary";
import { messagesByPlace, NO_SECTION_MESSAGES, type SectionMessages } from "./problems-by-place";
import { PublishDialog } from "./publish-dialog";
import { PublishedBanner } from "./published-banner";
import { ReorderSectionsDialog } from "./reorder-sections-dialog";
import { SaveStatus, StaleFormAlert } from "./save-status";
import { SectionCard } from "./section-card";
import { SideDialogs, useSideDialogs } from "./side-dialogs";
import { useCollapsedCards } from "./use-collapsed-cards";
import { useFormEditor } from "./use-form-editor";
import { useRevealedCount } from "./use-revealed-count";
import { useSectionCommands } from "./use-section-commands";

/**
 * The width of forms, in the builder as on the applicant's screen (forms-and-applicants,
 * "2. Screens and routes").
 */
export const FORM_PAGE_WIDTH_PX = 816;

/** The builder of one form, from the server's answer it was opened with. Remounted by Reload. */
export function FormBuilder({ initial, onReload }: { initial: FormResult; onReload: () => void }) {
  const editor = useFormEditor(initial);
  const { content, form, status, edits, sync } = editor;
  const locked = !form.draft;
  const [reordering, reorderDialog] = useDisclosure(false);
  const [publishOpen, publishDialog] = useDisclosure(false);
  const [publishing, setPublishing] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  const commands = useSectionCommands(form._id, sync, editor.latest);
  const dialogs = useSideDialogs();
  const machine = useMachineTranslation(form._id, sync, initial.machineTranslation ?? false);

  // Checked a beat behind the typing: a 1,000-question form stays responsive while the checks catch up.
  const checked = useDeferredValue(content.sections);
  const problems = useMemo(() => formProblems(checked, form.planSettings), [checked, form.planSettings]);
  const warnings = useMemo(() => logicWarnings(checked), [checked]);
  const previousPlaced = useRef<ReadonlyMap<string, SectionMessages>>(new Map());
  const placed = useMemo(() => {
    const next = messagesByPlace(problems, warnings, previousPlaced.current);
    previousPlaced.current = next.sections;
    return next;
  }, [problems, warnings]);

  // Counted only while the publish dialog is open: a large form's texts are not walked on every keystroke.
  const missingFrenchCount = useMemo(
    () => (publishOpen && content.settings.frenchTranslationEnabled ? missingFrench(content).length : 0),
    [publishOpen, content],
  );

  const live = liveSections(content.sections);
  // The live sections' ids and titles: the same array while neither changes, so the memoized cards keep it.
  const liveKey = live.map((s) => `${s._id}\t${s.name}`).join("\n");
  const liveSectionRefs = useMemo(
    (): SectionRef[] =>
      liveKey === ""
        ? []
        : liveKey.split("\n").map((line) => {
            const [id = "", name = ""] = line.split("\t");
            return { id, name };
          }),
    [liveKey],
  );
  const revealed = useRevealedCount(live.length);
  const cards = useCollapsedCards();
  const outline = live.map((s) => ({ id: s._id, name: s.name, questions: s.questions.length }));

  /** Brings a section to the screen, unfolded, with its heading focused (the outline's jump). */
  const jumpTo = useCallback(
    (sectionId: string) => {
      flushSync(() => cards.expand(sectionId));
      const heading = document.getElementById(sectionHeadingId(sectionId));
      heading?.scrollIntoView({ block: "start" });
      heading?.focus();
    },
    [cards.expand],
  );
  const collapseAll = () => cards.collapseAll(live.flatMap((s) => [s._id, ...s.questions.map((q) => q._id)]));

  const setName = useCallback((name: string) => edits.editContent((c) => ({ ...c, name })), [edits]);
  const setDescription = useCallback(
    (description: RichText) => edits.editContent((c) => ({ ...c, description })),
    [edits],
  );
  const setSettings = useCallback(
    (settings: FormSettings) => edits.editContent((c) => ({ ...c, settings })),
    [edits],
  );
  const moveSection = useCallback(
    (sectionId: string, delta: -1 | 1) =>
      edits.editContent((c) => ({ ...c, sections: moveLiveSection(c.sections, sectionId, delta) })),
    [edits],
  );

  function askToPublish() {
    if (problems.length > 0) notifyFailure("The form cannot be published", FORM_MESSAGES.formError);
    else publishDialog.open();
  }

  async function publish() {
    setPublishing(true);
    try {
      await sync.run((revision) => formApi.publish(form._id, revision));
      publishDialog.close();
      notify("Form published");
    } catch (error) {
      notifyFailure("Error publishing the form", failureText(error));
    } finally {
      setPublishing(false);
    }
  }

  async function unpublish() {
    setUnpublishing(true);
    try {
      await sync.run((revision) => formApi.unpublish(form._id, revision));
      notify("Form unpublished");
    } catch (error) {
      notifyFailure("Error unpublishing the form", failureText(error));
    } finally {
      setUnpublishing(false);
    }
  }

  const details = (
    <FormDetails
      name={content.name}
      description={content.description}
      onName={setName}
      onDescription={setDescription}
    />
  );
  const saveStatus = (
    <SaveStatus status={status} lastEditedAt={form.lastEditedAt} hasUnsavedEdits={editor.hasUnsavedEdits} />
  );
  const saving = status.kind === "saving";
  const save = () => void editor.saveNow();
  const customization = (
    <>
      <CustomizationButton enabled={form.planSettings.logoBranding} onClick={dialogs.open.customization} />
      <SubmissionNoticeButton formId={form._id} />
    </>
  );

  return (
    <Box className={classes.layout}>
      <Box className={classes.outline}>
        <FormOutline
          sections={outline}
          onJump={jumpTo}
          onExpandAll={cards.expandAll}
          onCollapseAll={collapseAll}
        />
      </Box>
      <Stack gap="lg" maw={FORM_PAGE_WIDTH_PX}>
        <Title order={1}>Form Builder</Title>
        {status.kind === "stale" && <StaleFormAlert onReload={onReload} />}
        {locked ? (
          <PublishedBanner
            details={details}
            saveStatus={saveStatus}
            saving={saving}
            unpublishing={unpublishing}
            onSave={save}
            onUnpublish={() => void unpublish()}
            onManageAccess={dialogs.open.access}
            onApplicantLink={dialogs.open.applicantLink}
            customization={customization}
          />
        ) : (
          <DraftHeader
            details={details}
            saveStatus={saveStatus}
            saving={saving}
            onSave={save}
            onPreviewLink={dialogs.open.preview}
            onPublish={askToPublish}
            onReorder={reorderDialog.open}
            customization={customization}
          />
        )}
        <ProblemSummary problems={problems} sections={checked} />
        <MappingScope form={form}>
          {live.slice(0, revealed).map((section, index) => (
            <SectionCard
              key={section._id}
              section={section}
              index={index}
              liveSections={liveSectionRefs}
              collapsed={cards.collapsed}
              onToggle={cards.toggle}
              locked={locked}
              messages={placed.sections.get(section._id) ?? NO_SECTION_MESSAGES}
              edits={edits}
              commands={commands.forSections}
            />
          ))}
        </MappingScope>
        {revealed < live.length && <PageLoader />}
      </Stack>

      <ReorderSectionsDialog
        sections={content.sections}
        opened={reordering}
        onMove={moveSection}
        onClose={reorderDialog.close}
      />
      <PublishDialog
        opened={publishOpen}
        warnings={warnings}
        missingFrench={missingFrenchCount}
        machine={machine}
        publishing={publishing}
        onConfirm={() => void publish()}
        onClose={publishDialog.close}
      />
      {commands.dialog}
      <SideDialogs
        dialogs={dialogs}
        form={form}
        content={content}
        onSettings={setSettings}
        onAccessChanged={editor.adopt}
        machine={machine}
      />
    </Box>
  );
}
