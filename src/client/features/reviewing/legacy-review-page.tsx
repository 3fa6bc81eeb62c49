import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useLocation, useParams } from "react-router";
import {
  type CandidateView,
  type Comment,
  REVIEW_MESSAGES,
  type Review,
} from "../../../shared/schemas/reviews";
import { PageLoader } from "../../components/page-loader";
import { ApiError } from "../../lib/api-client";
import { useSignedInSession } from "../../lib/signed-in-session";
import { AdministrativeCategories } from "./administrative-categories";
import { candidateQuery, useReviewProgress } from "./api";
import { answersByQuestion, splitSections } from "./canvas";
import { DeleteCommentDialog } from "./delete-comment-dialog";
import { isLegacyProgram, type LegacyCanvasEntry, legacyCanvasEntries, legacyDraft } from "./legacy-canvas";
import { LegacyDecisionCanvas } from "./legacy-decision-canvas";
import { LegacyFinalRating, LegacySaveStatus } from "./legacy-final-rating";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { StepBar } from "./step-bar";
import { STEP_PATHS } from "./step-rules";
import { SubmissionFiles } from "./submission-files";
import { submissionPath } from "./submission-path";
import { useReviewEditor } from "./use-review-editor";

/**
 * /submissions/legacy/:programId/:appId — the review page of a legacy application (appVersion 1; the
 * model is in legacy-canvas.ts and docs/decisions/008 "Legacy programs"). The same frame as the
 * submission view (step bar, back link, previous / next applicant, administrative categories, files),
 * then the nine canvas entries, each rated 1–5 as canvas_1 … canvas_9 with its comments, and the
 * Final Rating section. Every change saves the whole review; a refused save alerts "Error in saving
 * your review!" and the page goes back to the last saved review.
 */

/** What the list and the previous / next buttons pass along: where Back returns, and where focus goes. */
interface LegacyLocationState {
  from?: string;
  focusTitle?: boolean;
}

function locationState(state: unknown): LegacyLocationState {
  if (typeof state !== "object" || state === null) return {};
  const { from, focusTitle } = state as Record<string, unknown>;
  return {
    // Only a path inside the list: never an address from elsewhere.
    from: typeof from === "string" && from.startsWith(STEP_PATHS.rate) ? from : undefined,
    focusTitle: focusTitle === true,
  };
}

export function LegacyReviewPage() {
  const { programId = "", appId = "" } = useParams();
  const { user } = useSignedInSession();
  const view = useQuery(candidateQuery(user.id, programId, appId));
  const location = useLocation();
  const backTo = locationState(location.state).from ?? STEP_PATHS.rate;

  if (view.isPending) return <PageLoader />;
  if (view.isError) {
    const missing = view.error instanceof ApiError && view.error.status === 404;
    return (
      <Stack gap="md">
        <BackLink to={backTo} />
        <Title order={1}>Legacy application</Title>
        <Text c="red.9">
          {missing
            ? "This application does not exist, or it is not assigned to you."
            : `Error loading the application: ${view.error.message}`}
        </Text>
      </Stack>
    );
  }
  // A program of a newer generation is reviewed on the submission view.
  if (!isLegacyProgram(view.data.program)) {
    return (
      <Navigate
        to={submissionPath(view.data.program, view.data.submission._id)}
        replace
        state={location.state}
      />
    );
  }
  // Keyed by application: previous / next start with that candidate's own review, dialogs closed.
  return <LegacyReview key={appId} userId={user.id} view={view.data} backTo={backTo} />;
}

function BackLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      ← Back to Candidate Submissions
    </Anchor>
  );
}

interface LegacyReviewProps {
  userId: string;
  view: CandidateView;
  backTo: string;
}

function LegacyReview({ userId, view, backTo }: LegacyReviewProps) {
  const { program, submission } = view;
  const progress = useReviewProgress(userId, program._id);
  const { adminInfo, canvas } = useMemo(() => splitSections(view.sections), [view.sections]);
  const entries = useMemo(() => legacyCanvasEntries(canvas), [canvas]);
  const answers = useMemo(() => answersByQuestion(view.answers), [view.answers]);
  const [deleting, setDeleting] = useState<{ comment: Comment; opened: boolean } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { focusTitle } = locationState(useLocation().state);

  // After Previous / Next the buttons' page is replaced: the focus goes to the new candidate's name.
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  const archived = program.archived;
  // As on the submission view: ratings on drafts are ignored, so a draft is not rated here either.
  const ratingDisabled = !view.canRate || archived || submission.draft;
  const commentsEditable = view.canRate && !archived;
  const showComments = view.canRate || view.isAdmin || view.comments.length > 0;
  // The organization name is the application's identifier.
  const organizationName = submission.identifier.trim() || REVIEWING_TEXT.untitled;
  const navTo = (id: string) => ({ pathname: submissionPath(program, id) });
  const onDeleteComment = (comment: Comment) => setDeleting({ comment, opened: true });
  const shared = {
    userId,
    view,
    entries,
    answers,
    ratingDisabled,
    commentsEditable,
    showComments,
    onDeleteComment,
  };

  return (
    <Stack gap="lg">
      <StepBar
        current="rate"
        progress={progress.data?.progress ?? null}
        enableStackedRankings={program.enableStackedRankings}
      />
      <Group justify="space-between" align="center">
        <BackLink to={backTo} />
        <Group gap="xs" component="nav" aria-label="Applicants">
          {view.previousId === null ? (
            <Button variant="default" size="xs" disabled>
              Previous applicant
            </Button>
          ) : (
            <Button
              variant="default"
              size="xs"
              component={Link}
              to={navTo(view.previousId)}
              state={{ from: backTo, focusTitle: true }}
            >
              Previous applicant
            </Button>
          )}
          {view.nextId === null ? (
            <Button variant="default" size="xs" disabled>
              Next applicant
            </Button>
          ) : (
            <Button
              variant="default"
              size="xs"
              component={Link}
              to={navTo(view.nextId)}
              state={{ from: backTo, focusTitle: true }}
            >
              Next applicant
            </Button>
          )}
        </Group>
      </Group>

      <Group gap="sm" align="center">
        <Title order={1} ref={titleRef} tabIndex={-1} style={{ overflowWrap: "anywhere", outline: "none" }}>
          {organizationName}
        </Title>
        <Badge color="gray.8" variant="light">
          Legacy application
        </Badge>
        {submission.test && (
          <Badge color="green.9" variant="filled">
            Test
          </Badge>
        )}
      </Group>

      {submission.draft && (
        <Alert color="red" variant="light" role="note">
          <Text size="sm" fw={700} c="red.9">
            {REVIEW_MESSAGES.draftNotice}
          </Text>
        </Alert>
      )}
      {archived && (
        <Alert color="gray" variant="light" role="note">
          <Text size="sm">{REVIEW_MESSAGES.archived}</Text>
        </Alert>
      )}
      {!archived && !view.canRate && (
        <Alert color="blue" variant="light" role="note">
          <Text size="sm">{REVIEWING_TEXT.readOnly}</Text>
        </Alert>
      )}

      {/* "If any": an administrative section, or the grant amount an admin sees. */}
      {(adminInfo.length > 0 || view.isAdmin) && (
        <AdministrativeCategories
          sections={adminInfo}
          answers={answers}
          files={view.files}
          showAmount={view.isAdmin}
          amount={submission.amount}
        />
      )}
      <SubmissionFiles files={view.files} />

      {view.review === null ? (
        <>
          <LegacyDecisionCanvas
            userId={userId}
            program={program}
            submissionId={submission._id}
            entries={entries}
            answers={answers}
            files={view.files}
            comments={view.comments}
            draft={null}
            ratingDisabled
            commentsEditable={commentsEditable}
            showComments={showComments}
            onReviewChange={() => {}}
            onDeleteComment={onDeleteComment}
          />
          <LegacyFinalRating
            userId={userId}
            program={program}
            submissionId={submission._id}
            editor={null}
            comments={view.comments}
            ratingDisabled
            commentsEditable={commentsEditable}
            showComments={showComments}
            onDeleteComment={onDeleteComment}
          />
        </>
      ) : (
        <LegacyReviewed {...shared} review={view.review} />
      )}

      <DeleteCommentDialog
        userId={userId}
        programId={program._id}
        submissionId={submission._id}
        comment={deleting?.comment ?? null}
        opened={deleting?.opened ?? false}
        onClose={() => setDeleting((current) => (current === null ? null : { ...current, opened: false }))}
      />
    </Stack>
  );
}

interface LegacyReviewedProps {
  userId: string;
  view: CandidateView;
  review: Review;
  entries: readonly LegacyCanvasEntry[];
  answers: ReturnType<typeof answersByQuestion>;
  ratingDisabled: boolean;
  commentsEditable: boolean;
  showComments: boolean;
  onDeleteComment: (comment: Comment) => void;
}

/** The canvas and the Final Rating with the caller's review: every change saves the whole review. */
function LegacyReviewed({
  userId,
  view,
  review,
  entries,
  answers,
  ratingDisabled,
  commentsEditable,
  showComments,
  onDeleteComment,
}: LegacyReviewedProps) {
  const { program, submission } = view;
  const editor = useReviewEditor({
    userId,
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
      <Paper withBorder p="sm">
        <Group justify="space-between" align="center">
          <Text size="sm" fw={600}>
            Your review
          </Text>
          <LegacySaveStatus editor={editor} />
        </Group>
      </Paper>
      <LegacyDecisionCanvas
        userId={userId}
        program={program}
        submissionId={submission._id}
        entries={entries}
        answers={answers}
        files={view.files}
        comments={view.comments}
        draft={editor.draft}
        ratingDisabled={ratingDisabled}
        commentsEditable={commentsEditable}
        showComments={showComments}
        onReviewChange={editor.change}
        onDeleteComment={onDeleteComment}
      />
      <LegacyFinalRating
        userId={userId}
        program={program}
        submissionId={submission._id}
        editor={editor}
        comments={view.comments}
        ratingDisabled={ratingDisabled}
        commentsEditable={commentsEditable}
        showComments={showComments}
        onDeleteComment={onDeleteComment}
      />
    </>
  );
}
