import { Button, Group, Paper } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useNavigate, useParams } from "react-router";
import type { CandidateView, Review } from "../../../shared/schemas/reviews";
import type { PageFirstReads } from "../../lib/page-first-reads";
import { candidateListQuery, candidateQuery } from "../../lib/reviewing-api";
import type { CanvasCommonProps } from "./canvas-card";
import { DecisionCanvas } from "./decision-canvas";
import { DeclareConflictDialog } from "./declare-conflict-dialog";
import { OverallRating } from "./overall-rating";
import { ReviewConflictNotice } from "./review-conflict-notice";
import { overallEnteredByHand } from "./review-state";
import { CandidateLoader, type FrameContent, SubmissionFrame } from "./submission-frame";
import { useReviewEditor } from "./use-review-editor";

/** The candidate, and the first page of the list for the step bar's counts, as the page first asks them. */
export const firstReads: PageFirstReads = ({ queryClient, userId, params }) => {
  const { programId = "", submissionId = "" } = params;
  return Promise.all([
    queryClient.prefetchQuery(candidateQuery(userId, programId, submissionId)),
    // Secondary here, as the step bar reads it (useReviewProgress): a failure is the bar's to show.
    queryClient.prefetchQuery({
      ...candidateListQuery(userId, programId, false, 1),
      meta: { handlesErrors: true },
    }),
  ]);
};

/** /submissions/:programId/:submissionId: one candidate, its answers, and the caller's review. */
export function SubmissionViewPage() {
  const { submissionId = "" } = useParams();
  return (
    <CandidateLoader candidateId={submissionId} errorTitle="Submission">
      {({ userId, view, backTo }) => (
        // Keyed by submission: previous / next start with that candidate's own review, dialogs closed.
        <SubmissionFrame key={submissionId} userId={userId} view={view} backTo={backTo}>
          {({ canvas, ratingDisabled, readOnly }) => (
            <>
              {/* Whoever may rate the candidate may declare a conflict with it instead. */}
              {view.canRate && <DeclareConflictButton userId={userId} view={view} backTo={backTo} />}
              {view.review === null ? (
                <DecisionCanvas {...readOnly} sections={canvas} />
              ) : (
                <ReviewedCanvas
                  view={view}
                  review={view.review}
                  canvas={canvas}
                  ratingDisabled={ratingDisabled}
                  readOnly={readOnly}
                />
              )}
            </>
          )}
        </SubmissionFrame>
      )}
    </CandidateLoader>
  );
}

/** "Declare a conflict of interest": confirmed in a dialog, then back to the list the candidate has left. */
function DeclareConflictButton({
  userId,
  view,
  backTo,
}: {
  userId: string;
  view: CandidateView;
  backTo: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  return (
    <Group justify="flex-end">
      <Button variant="subtle" color="red" onClick={open}>
        Declare a conflict of interest
      </Button>
      <DeclareConflictDialog
        userId={userId}
        programId={view.program._id}
        candidate={{ _id: view.submission._id, identifier: view.submission.identifier }}
        readsAsAdmin={view.isAdmin}
        opened={opened}
        onClose={close}
        onDeclared={() => {
          close();
          void navigate(backTo);
        }}
      />
    </Group>
  );
}

interface ReviewedCanvasProps {
  view: CandidateView;
  review: Review;
  canvas: FrameContent["canvas"];
  ratingDisabled: boolean;
  readOnly: CanvasCommonProps;
}

/** The canvas with the caller's review: the overall rating above it, and every change saved. */
function ReviewedCanvas({ view, review, canvas, ratingDisabled, readOnly }: ReviewedCanvasProps) {
  const { program, submission } = view;
  const overallByHand = overallEnteredByHand(program);
  const editor = useReviewEditor({
    userId: readOnly.userId,
    programId: program._id,
    submissionId: submission._id,
    appVersion: program.appVersion,
    canvas,
    review,
    overallByHand,
  });

  return (
    <>
      <ReviewConflictNotice editor={editor} />
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
        {...readOnly}
        sections={canvas}
        draft={editor.draft}
        ratingDisabled={ratingDisabled}
        onReviewChange={editor.change}
      />
    </>
  );
}
