import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
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
import { DecisionCanvas } from "./decision-canvas";
import { DeleteCommentDialog } from "./delete-comment-dialog";
import { OverallRating } from "./overall-rating";
import { overallEnteredByHand } from "./review-state";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { StepBar } from "./step-bar";
import { STEP_PATHS } from "./step-rules";
import { SubmissionFiles } from "./submission-files";
import { submissionPath } from "./submission-path";
import { useReviewEditor } from "./use-review-editor";

/** What the list and the previous / next buttons pass along: where Back returns, and where focus goes. */
interface SubmissionLocationState {
  from?: string;
  focusTitle?: boolean;
}

function locationState(state: unknown): SubmissionLocationState {
  if (typeof state !== "object" || state === null) return {};
  const { from, focusTitle } = state as Record<string, unknown>;
  return {
    // Only a path inside the list: never an address from elsewhere.
    from: typeof from === "string" && from.startsWith(STEP_PATHS.rate) ? from : undefined,
    focusTitle: focusTitle === true,
  };
}

/** /submissions/:programId/:submissionId: one candidate, its answers, and the caller's review. */
export function SubmissionViewPage() {
  const { programId = "", submissionId = "" } = useParams();
  const { user } = useSignedInSession();
  const view = useQuery(candidateQuery(user.id, programId, submissionId));
  const backTo = locationState(useLocation().state).from ?? STEP_PATHS.rate;

  if (view.isPending) return <PageLoader />;
  if (view.isError) {
    const missing = view.error instanceof ApiError && view.error.status === 404;
    return (
      <Stack gap="md">
        <BackLink to={backTo} />
        <Title order={1}>Submission</Title>
        <Text c="red.9">
          {missing
            ? "This application does not exist, or it is not assigned to you."
            : `Error loading the application: ${view.error.message}`}
        </Text>
      </Stack>
    );
  }
  // Keyed by submission: previous / next start with that candidate's own review, dialogs closed.
  return <SubmissionView key={submissionId} userId={user.id} view={view.data} backTo={backTo} />;
}

function BackLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      ← Back to Candidate Submissions
    </Anchor>
  );
}

interface SubmissionViewProps {
  userId: string;
  view: CandidateView;
  backTo: string;
}

function SubmissionView({ userId, view, backTo }: SubmissionViewProps) {
  const { program, submission } = view;
  const progress = useReviewProgress(userId, program._id);
  const { adminInfo, canvas } = useMemo(() => splitSections(view.sections), [view.sections]);
  const answers = useMemo(() => answersByQuestion(view.answers), [view.answers]);
  const [deleting, setDeleting] = useState<{ comment: Comment; opened: boolean } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const { focusTitle } = locationState(location.state);

  // After Previous / Next the buttons' page is replaced: the focus goes to the new candidate's name.
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  const archived = program.archived;
  const ratingDisabled = !view.canRate || archived || submission.draft;
  const commentsEditable = view.canRate && !archived;
  const showComments = view.canRate || view.isAdmin || view.comments.length > 0;
  const identifier = submission.identifier.trim() || REVIEWING_TEXT.untitled;
  const navState = (id: string) => ({ pathname: submissionPath(program, id) });

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
              to={navState(view.previousId)}
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
              to={navState(view.nextId)}
              state={{ from: backTo, focusTitle: true }}
            >
              Next applicant
            </Button>
          )}
        </Group>
      </Group>

      <Group gap="sm" align="center">
        <Title order={1} ref={titleRef} tabIndex={-1} style={{ overflowWrap: "anywhere", outline: "none" }}>
          {identifier}
        </Title>
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

      <AdministrativeCategories
        sections={adminInfo}
        answers={answers}
        files={view.files}
        showAmount={view.isAdmin}
        amount={submission.amount}
      />
      <SubmissionFiles files={view.files} />

      {view.review === null ? (
        <DecisionCanvas
          userId={userId}
          program={program}
          submissionId={submission._id}
          sections={canvas}
          answers={answers}
          files={view.files}
          comments={view.comments}
          draft={null}
          ratingDisabled
          commentsEditable={commentsEditable}
          showComments={showComments}
          onReviewChange={() => {}}
          onDeleteComment={(comment) => setDeleting({ comment, opened: true })}
        />
      ) : (
        <ReviewedCanvas
          userId={userId}
          view={view}
          review={view.review}
          canvas={canvas}
          answers={answers}
          ratingDisabled={ratingDisabled}
          commentsEditable={commentsEditable}
          showComments={showComments}
          onDeleteComment={(comment) => setDeleting({ comment, opened: true })}
        />
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

interface ReviewedCanvasProps {
  userId: string;
  view: CandidateView;
  review: Review;
  canvas: ReturnType<typeof splitSections>["canvas"];
  answers: ReturnType<typeof answersByQuestion>;
  ratingDisabled: boolean;
  commentsEditable: boolean;
  showComments: boolean;
  onDeleteComment: (comment: Comment) => void;
}

/** The canvas with the caller's review: the overall rating above it, and every change saved. */
function ReviewedCanvas({
  userId,
  view,
  review,
  canvas,
  answers,
  ratingDisabled,
  commentsEditable,
  showComments,
  onDeleteComment,
}: ReviewedCanvasProps) {
  const { program, submission } = view;
  const overallByHand = overallEnteredByHand(program);
  const editor = useReviewEditor({
    userId,
    programId: program._id,
    submissionId: submission._id,
    appVersion: program.appVersion,
    canvas,
    review,
    overallByHand,
  });

  return (
    <>
      <Paper withBorder p="md">
        <OverallRating
          program={program}
          sections={canvas}
          editor={editor}
          byHand={overallByHand}
          disabled={ratingDisabled}
        />
      </Paper>
      <DecisionCanvas
        userId={userId}
        program={program}
        submissionId={submission._id}
        sections={canvas}
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
    </>
  );
}
