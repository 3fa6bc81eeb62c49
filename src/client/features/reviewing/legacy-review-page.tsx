import { Alert, Badge, Group, List, Paper, Text } from "@mantine/core";
import { useMemo } from "react";
import { Navigate, useParams } from "react-router";
import type { CandidateView, Review } from "../../../shared/schemas/reviews";
import { submissionPath } from "../../lib/submission-path";
import type { CanvasCommonProps } from "./canvas-card";
import { isLegacyProgram, type LegacyCanvasEntry, legacyCanvasEntries, legacyDraft } from "./legacy-canvas";
import { LegacyDecisionCanvas } from "./legacy-decision-canvas";
import { LegacyFinalRating, LegacySaveStatus } from "./legacy-final-rating";
import { ReviewConflictNotice } from "./review-conflict-notice";
import { CandidateLoader, type FrameContent, SubmissionFrame } from "./submission-frame";
import { type ReviewEditor, useReviewEditor } from "./use-review-editor";

/**
 * /submissions/legacy/:programId/:appId — the review page of a legacy application (appVersion 1; the
 * model is in legacy-canvas.ts and docs/decisions/008 "Legacy programs"). The same frame as the
 * submission view (step bar, back link, previous / next applicant, administrative categories, files),
 * then the nine canvas entries, each rated 1–5 as canvas_1 … canvas_9 with its comments, and the
 * Final Rating section. Every change saves the whole review; a refused save alerts "Error in saving
 * your review!" and the page goes back to the last saved review.
 */

export function LegacyReviewPage() {
  const { appId = "" } = useParams();
  return (
    <CandidateLoader candidateId={appId} errorTitle="Legacy application">
      {({ userId, view, backTo, state }) =>
        // A program of a newer generation is reviewed on the submission view.
        !isLegacyProgram(view.program) ? (
          <Navigate to={submissionPath(view.program, view.submission._id)} replace state={state} />
        ) : (
          // Keyed by application: previous / next start with that candidate's own review, dialogs closed.
          <SubmissionFrame
            key={appId}
            userId={userId}
            view={view}
            backTo={backTo}
            titleBadge={
              <Badge color="gray.8" variant="filled">
                Legacy application
              </Badge>
            }
            hideEmptyAdministrative
          >
            {(content) => <LegacyCanvas view={view} content={content} />}
          </SubmissionFrame>
        )
      }
    </CandidateLoader>
  );
}

interface LegacyCanvasProps {
  view: CandidateView;
  content: FrameContent;
}

/** The canvas entries and the Final Rating: read-only without a review, else with the caller's. */
function LegacyCanvas({ view, content }: LegacyCanvasProps) {
  const { canvas, ratingDisabled, readOnly } = content;
  const arranged = Boolean(view.reviewTemplate);
  const entries = useMemo(() => legacyCanvasEntries(canvas, arranged), [canvas, arranged]);
  const notice =
    view.isAdmin && view.reviewTemplate ? <UnplacedNotice view={view} entries={entries} /> : null;

  return view.review === null ? (
    <>
      {notice}
      <LegacySections readOnly={readOnly} entries={entries} editor={null} ratingDisabled />
    </>
  ) : (
    <>
      {notice}
      <LegacyReviewed
        view={view}
        review={view.review}
        entries={entries}
        ratingDisabled={ratingDisabled}
        readOnly={readOnly}
      />
    </>
  );
}

/**
 * For admins, the review template's name and the answers it leaves under "Other": listed so that a rule
 * can be added for them (docs/decisions/040-review-templates.md).
 */
function UnplacedNotice({ view, entries }: { view: CandidateView; entries: readonly LegacyCanvasEntry[] }) {
  const other = entries.find((entry) => entry.other);
  const name = view.reviewTemplate?.name ?? "";
  if (!other) {
    return (
      <Text size="sm" c="gray.7">
        {`Reviewed in the sections of the review template "${name}".`}
      </Text>
    );
  }
  return (
    <Alert color="yellow" title={`Answers under Other (review template "${name}")`}>
      <Text size="sm">
        {other.section.questions.length === 1
          ? "This answer matches no rule of the template:"
          : `These ${other.section.questions.length} answers match no rule of the template:`}
      </Text>
      <List size="sm">
        {other.section.questions.map((question) => (
          <List.Item key={question._id}>{question.name}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

interface LegacySectionsProps {
  readOnly: CanvasCommonProps;
  entries: readonly LegacyCanvasEntry[];
  /** The caller's review editor, or null when there is no review to change. */
  editor: ReviewEditor | null;
  ratingDisabled: boolean;
}

/** The legacy Decision Canvas, then the Final Rating. */
function LegacySections({ readOnly, entries, editor, ratingDisabled }: LegacySectionsProps) {
  return (
    <>
      <LegacyDecisionCanvas
        {...readOnly}
        entries={entries}
        draft={editor === null ? null : editor.draft}
        ratingDisabled={ratingDisabled}
        onReviewChange={editor === null ? readOnly.onReviewChange : editor.change}
      />
      <LegacyFinalRating
        userId={readOnly.userId}
        program={readOnly.program}
        submissionId={readOnly.submissionId}
        editor={editor}
        comments={readOnly.comments}
        ratingDisabled={ratingDisabled}
        commentsEditable={readOnly.commentsEditable}
        showComments={readOnly.showComments}
        onDeleteComment={readOnly.onDeleteComment}
      />
    </>
  );
}

interface LegacyReviewedProps {
  view: CandidateView;
  review: Review;
  entries: readonly LegacyCanvasEntry[];
  ratingDisabled: boolean;
  readOnly: CanvasCommonProps;
}

/** The canvas and the Final Rating with the caller's review: every change saves the whole review. */
function LegacyReviewed({ view, review, entries, ratingDisabled, readOnly }: LegacyReviewedProps) {
  const { program, submission } = view;
  const editor = useReviewEditor({
    userId: readOnly.userId,
    programId: program._id,
    submissionId: submission._id,
    appVersion: program.appVersion,
    canvas: [],
    review,
    // The Final Rating is always entered by hand: it is the review's rating (body.rating).
    overallByHand: true,
    draftOf: legacyDraft,
  });

  return (
    <>
      <ReviewConflictNotice editor={editor} />
      <Paper withBorder p="sm">
        <Group justify="space-between" align="center">
          <Text size="sm" fw={600}>
            Your review
          </Text>
          <LegacySaveStatus editor={editor} />
        </Group>
      </Paper>
      <LegacySections readOnly={readOnly} entries={entries} editor={editor} ratingDisabled={ratingDisabled} />
    </>
  );
}
