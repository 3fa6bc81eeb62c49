import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import type { CandidateView, Comment, ReviewProgram } from "../../../shared/schemas/reviews";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews-constants";
import { FILLED_GREEN } from "../../app/theme";
import { PageLoader } from "../../components/page-loader";
import { ApiError } from "../../lib/api-client";
import { candidateQuery, useReviewProgress } from "../../lib/reviewing-api";
import { useSignedInSession } from "../../lib/signed-in-session";
import { submissionPath } from "../../lib/submission-path";
import { AdministrativeCategories } from "./administrative-categories";
import { AnswerTranslationProvider } from "./answer-translation";
import { answersByQuestion, splitSections } from "./canvas";
import type { CanvasCommonProps } from "./canvas-card";
import { DeleteCommentDialog } from "./delete-comment-dialog";
import { NoConflictPanel } from "./no-conflict-panel";
import { REVIEWING_TEXT } from "./reviewing-messages";
import { StepBar } from "./step-bar";
import { STEP_PATHS } from "./step-rules";
import { SubmissionFiles } from "./submission-files";

/**
 * The frame shared by the submission view and the legacy review page: loading and error states, the
 * step bar, the back link, previous / next applicant, the title, the notices, the administrative
 * categories, the files, and the dialog that deletes a comment.
 */

/** What the list and the previous / next buttons pass along: where Back returns, and where focus goes. */
interface CandidateLocationState {
  from?: string;
  focusTitle?: boolean;
}

function locationState(state: unknown): CandidateLocationState {
  if (typeof state !== "object" || state === null) return {};
  const { from, focusTitle } = state as Record<string, unknown>;
  return {
    // Only a path inside the list: never an address from elsewhere.
    from: typeof from === "string" && from.startsWith(STEP_PATHS.rate) ? from : undefined,
    focusTitle: focusTitle === true,
  };
}

function BackLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      ← Back to Candidate Submissions
    </Anchor>
  );
}

/** A loaded candidate, as the page's own content receives it. */
export interface LoadedCandidate {
  userId: string;
  view: CandidateView;
  /** Where Back returns: the list the candidate was opened from. */
  backTo: string;
  /** The router location's state, as it came. */
  state: unknown;
}

interface CandidateLoaderProps {
  /** The submission's (or legacy application's) id, from the route. */
  candidateId: string;
  /** The page's title while it cannot show the candidate. */
  errorTitle: string;
  children: (loaded: LoadedCandidate) => ReactNode;
}

/**
 * Loads the candidate of the route's program: a loader while pending, the error when it fails, and the
 * no-conflict question instead of the candidate while the program asks the caller for it.
 */
export function CandidateLoader({ candidateId, errorTitle, children }: CandidateLoaderProps) {
  const { programId = "" } = useParams();
  const { user } = useSignedInSession();
  const view = useQuery(candidateQuery(user.id, programId, candidateId));
  const location = useLocation();
  const backTo = locationState(location.state).from ?? STEP_PATHS.rate;

  if (view.isPending) return <PageLoader />;
  if (view.isError) {
    const missing = view.error instanceof ApiError && view.error.status === 404;
    return (
      <Stack gap="md">
        <BackLink to={backTo} />
        <Title order={1}>{errorTitle}</Title>
        <Text c="red.9">
          {missing
            ? "This application does not exist, or it is not assigned to you."
            : `Error loading the application: ${view.error.message}`}
        </Text>
      </Stack>
    );
  }
  if (view.data.confirmNoConflict === true) {
    return (
      <NoConflictPanel userId={user.id} view={view.data} backTo={backTo} back={<BackLink to={backTo} />} />
    );
  }
  return children({ userId: user.id, view: view.data, backTo, state: location.state });
}

interface NeighbourLinkProps {
  label: string;
  program: ReviewProgram;
  /** The neighbouring candidate, or null at either end of the list: the button is then disabled. */
  targetId: string | null;
  backTo: string;
}

/** Previous / Next applicant: a link that keeps Back's target and moves the focus to the new title. */
export function NeighbourLink({ label, program, targetId, backTo }: NeighbourLinkProps) {
  if (targetId === null) {
    return (
      <Button variant="default" size="xs" disabled>
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant="default"
      size="xs"
      component={Link}
      to={{ pathname: submissionPath(program, targetId) }}
      state={{ from: backTo, focusTitle: true }}
    >
      {label}
    </Button>
  );
}

/** What the frame hands to the page's canvas. */
export interface FrameContent {
  canvas: ReturnType<typeof splitSections>["canvas"];
  /** Whether the caller's review may be changed here (an archived program, a draft: not). */
  ratingDisabled: boolean;
  /** The props of a canvas without the caller's review: no draft, ratings disabled. */
  readOnly: CanvasCommonProps;
}

interface SubmissionFrameProps {
  userId: string;
  view: CandidateView;
  backTo: string;
  /** Shown after the title, before the Test badge. */
  titleBadge?: ReactNode;
  /** Leave out the administrative categories when there are none to show and no amount. */
  hideEmptyAdministrative?: boolean;
  /** The canvas, between the files and the delete dialog. */
  children: (content: FrameContent) => ReactNode;
}

export function SubmissionFrame({
  userId,
  view,
  backTo,
  titleBadge,
  hideEmptyAdministrative = false,
  children,
}: SubmissionFrameProps) {
  const { program, submission } = view;
  const progress = useReviewProgress(userId, program._id);
  const { adminInfo, canvas } = useMemo(() => splitSections(view.sections), [view.sections]);
  const answers = useMemo(() => answersByQuestion(view.answers), [view.answers]);
  const [deleting, setDeleting] = useState<{ comment: Comment; opened: boolean } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { focusTitle } = locationState(useLocation().state);

  // After Previous / Next the buttons' page is replaced: the focus goes to the new candidate's name.
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  const archived = program.archived;
  // Ratings on drafts are ignored, so a draft is not rated here either.
  const ratingDisabled = !view.canRate || archived || submission.draft;
  const commentsEditable = view.canRate && !archived;
  const showComments = view.canRate || view.isAdmin || view.comments.length > 0;
  // The identifier (a legacy application's organization name) is the title.
  const identifier = submission.identifier.trim() || REVIEWING_TEXT.untitled;
  const onDeleteComment = (comment: Comment) => setDeleting({ comment, opened: true });

  return (
    <AnswerTranslationProvider
      programId={program._id}
      submissionId={submission._id}
      available={view.machineTranslation ?? false}
    >
      <Stack gap="lg">
        <StepBar
          current="rate"
          progress={progress.data?.progress ?? null}
          enableStackedRankings={program.enableStackedRankings}
          viewer={progress.data?.viewer}
        />
        <Group justify="space-between" align="center">
          <BackLink to={backTo} />
          <Group gap="xs" component="nav" aria-label="Applicants">
            <NeighbourLink
              label="Previous applicant"
              program={program}
              targetId={view.previousId}
              backTo={backTo}
            />
            <NeighbourLink label="Next applicant" program={program} targetId={view.nextId} backTo={backTo} />
          </Group>
        </Group>

        <Group gap="sm" align="center">
          <Title order={1} ref={titleRef} tabIndex={-1} style={{ overflowWrap: "anywhere", outline: "none" }}>
            {identifier}
          </Title>
          {titleBadge}
          {submission.test && (
            <Badge color={FILLED_GREEN} variant="filled">
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
        {(!hideEmptyAdministrative || adminInfo.length > 0 || view.isAdmin) && (
          <AdministrativeCategories
            sections={adminInfo}
            answers={answers}
            files={view.files}
            showAmount={view.isAdmin}
            amount={submission.amount}
          />
        )}
        <SubmissionFiles files={view.files} />

        {children({
          canvas,
          ratingDisabled,
          readOnly: {
            userId,
            program,
            submissionId: submission._id,
            answers,
            files: view.files,
            comments: view.comments,
            draft: null,
            ratingDisabled: true,
            commentsEditable,
            showComments,
            onReviewChange: () => {},
            onDeleteComment,
          },
        })}

        <DeleteCommentDialog
          userId={userId}
          programId={program._id}
          submissionId={submission._id}
          comment={deleting?.comment ?? null}
          opened={deleting?.opened ?? false}
          onClose={() => setDeleting((current) => (current === null ? null : { ...current, opened: false }))}
        />
      </Stack>
    </AnswerTranslationProvider>
  );
}
