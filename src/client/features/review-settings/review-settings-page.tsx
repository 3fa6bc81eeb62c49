import { Button, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { EDIT_CONFLICT_MESSAGES } from "../../../shared/schemas/edit-conflict-constants";
import {
  type ProgramReviewSettings,
  programReviewSettingsSchema,
  REVIEW_PROMPT_LENGTH,
  updateReviewSettingsBodySchema,
} from "../../../shared/schemas/programs";
import type { UserProgram } from "../../../shared/schemas/users";
import { CurrentProgramPage } from "../../components/current-program-page";
import { EditConflictNotice } from "../../components/edit-conflict-notice";
import { FormAlert } from "../../components/form-alert";
import { GrowingTextarea } from "../../components/growing-textarea";
import { PageLoader } from "../../components/page-loader";
import { isEditConflict, storedValueOf } from "../../lib/edit-conflict";
import { notify } from "../../lib/notify";
import { readReviewSettings, reviewSettingsQuery, useSaveReviewSettings } from "./api";
import { reviewSettingsSummary, REVIEW_SETTINGS_TEXT as TEXT } from "./review-settings-text";

/** /admin/review-settings: the Review settings panel of the current program, for its admins. */
export function ReviewSettingsPage() {
  return (
    <CurrentProgramPage title={TEXT.title} noProgram={TEXT.noProgram}>
      {({ userId, program }) => <ProgramReviewSettingsPanel userId={userId} program={program} />}
    </CurrentProgramPage>
  );
}

function ProgramReviewSettingsPanel({ userId, program }: { userId: string; program: UserProgram }) {
  const settings = useQuery(reviewSettingsQuery(userId, program.id));
  const heading = (
    <div>
      <Title order={1}>{TEXT.title}</Title>
      <Text size="lg">{program.name}</Text>
    </div>
  );
  if (settings.isPending || settings.isError) {
    return (
      <Stack gap="lg">
        {heading}
        {settings.isPending ? <PageLoader /> : <Text c="red.9">{TEXT.loadFailed}</Text>}
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={720}>
      {heading}
      <Text>{TEXT.intro}</Text>
      <ReviewSettingsForm userId={userId} programId={program.id} stored={settings.data} />
    </Stack>
  );
}

interface FormProps {
  userId: string;
  programId: string;
  stored: ProgramReviewSettings;
}

/** The whole panel is one save, sent with the settings it replaces (decision 016). */
export function ReviewSettingsForm({ userId, programId, stored }: FormProps) {
  const save = useSaveReviewSettings(userId, programId);
  const [draft, setDraft] = useState<ProgramReviewSettings>(stored);
  const [seen, setSeen] = useState<ProgramReviewSettings>(stored);
  const [theirs, setTheirs] = useState<ProgramReviewSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const s = draft.reviewSettings;
  const setSettings = (patch: Partial<ProgramReviewSettings["reviewSettings"]>) =>
    setDraft((current) => ({ ...current, reviewSettings: { ...current.reviewSettings, ...patch } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (theirs === null) send(seen);
  }

  function send(expected: ProgramReviewSettings) {
    if (save.isPending) return;
    setFailure(null);
    const parsed = updateReviewSettingsBodySchema.safeParse({ ...draft, expected });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(saved);
        setSeen(saved);
        notify(TEXT.saved);
      },
      onError: async (error) => {
        if (!isEditConflict(error, "reviewSettings")) {
          setFailure(error.message);
          return;
        }
        try {
          setTheirs(
            await storedValueOf(error, programReviewSettingsSchema, () => readReviewSettings(programId)),
          );
        } catch (unread) {
          setFailure(unread instanceof Error ? unread.message : String(unread));
        }
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={TEXT.title}>
      <Stack gap="md">
        <FormAlert message={failure} />
        {theirs !== null && (
          <EditConflictNotice
            title={TEXT.conflictTitle}
            message={EDIT_CONFLICT_MESSAGES.reviewSettings}
            theirs={reviewSettingsSummary(theirs)}
            yours={reviewSettingsSummary(draft)}
            label="review settings"
            onReload={() => {
              setDraft(theirs);
              setSeen(theirs);
              setTheirs(null);
            }}
            onKeepMine={() => {
              setSeen(theirs);
              setTheirs(null);
              send(theirs);
            }}
          />
        )}
        <Paper withBorder p="md">
          <Stack gap="md">
            <Title order={2} size="h3">
              Review settings
            </Title>
            <Switch
              label={TEXT.stackedRankings}
              description={TEXT.stackedRankingsHelp}
              checked={s.enableStackedRankings}
              onChange={(event) => setSettings({ enableStackedRankings: event.currentTarget.checked })}
            />
            <Switch
              label={TEXT.shuffledOrder}
              description={TEXT.shuffledOrderHelp}
              checked={s.candidateOrder === "shuffled"}
              onChange={(event) =>
                setSettings({ candidateOrder: event.currentTarget.checked ? "shuffled" : "name" })
              }
            />
            <Switch
              label={TEXT.askNoConflict}
              description={TEXT.askNoConflictHelp}
              checked={s.askNoConflict}
              onChange={(event) => setSettings({ askNoConflict: event.currentTarget.checked })}
            />
            <GrowingTextarea
              label={TEXT.commentText}
              description={TEXT.commentTextHelp}
              minRows={2}
              maxRows={8}
              maxLength={REVIEW_PROMPT_LENGTH}
              value={s.comments.commentText}
              error={errors["reviewSettings.comments.commentText"]}
              onChange={(event) => setSettings({ comments: { commentText: event.currentTarget.value } })}
            />
            <Switch
              label={TEXT.overrideFinalRating}
              description={TEXT.overrideFinalRatingHelp}
              checked={draft.overrideFinalRating}
              onChange={(event) => {
                const overrideFinalRating = event.currentTarget.checked;
                setDraft((current) => ({ ...current, overrideFinalRating }));
              }}
            />
            <Switch
              label={TEXT.showFinalRating}
              description={draft.overrideFinalRating ? TEXT.showFinalRatingForced : TEXT.showFinalRatingHelp}
              checked={s.showFinalRating || draft.overrideFinalRating}
              disabled={draft.overrideFinalRating}
              onChange={(event) => setSettings({ showFinalRating: event.currentTarget.checked })}
            />
            <GrowingTextarea
              label={TEXT.finalReviewText}
              description={TEXT.finalReviewTextHelp}
              minRows={2}
              maxRows={8}
              maxLength={REVIEW_PROMPT_LENGTH}
              value={s.finalReviewText}
              error={errors["reviewSettings.finalReviewText"]}
              onChange={(event) => setSettings({ finalReviewText: event.currentTarget.value })}
            />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
