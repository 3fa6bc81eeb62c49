import { anonymizedQuestionIds, reviewAnswers } from "../../src/server/reviewing/review-answers";
import { candidateViewRow } from "../baseline/candidate-view";
import {
  amountOf,
  findCandidate,
  isoOrNull,
  NOT_RATED,
  notFound,
  presentProgram,
  roleIn,
  rules,
  sessionOf,
  unauthenticated,
  versionContent,
} from "../baseline/reviewing";
import { fixtureOf, REVIEWING_TARGETS } from "./candidate-list";
import type { Scenario } from "./types";

/** Candidates each reviewer opens in turn (bench/reviewing/fixture.ts picks them spread over their list). */
const VIEWED = 20;

/**
 * The submission view as a reviewer: the candidate, the answers of the form version they applied on
 * (the contact email withheld: it is anonymized), the neighbours in the reviewer's list, their own
 * review and comments. Each reviewer opens 20 candidates they see, spread over their list, in turn.
 */
export const candidateViewScenario: Scenario = {
  name: "candidate-view",
  description:
    "GET /api/applications/{programId}/{submissionId} as a reviewer: answers, neighbours, their review and comments",
  method: "GET",
  path: (user, variant) => {
    const fixture = fixtureOf(user);
    const submissionId = fixture.candidates[variant % fixture.candidates.length]!;
    return `/api/applications/${encodeURIComponent(fixture.programId)}/${encodeURIComponent(submissionId)}`;
  },
  variants: VIEWED,
  request: "GET /api/applications/{programId}/{submissionId} (20 candidates per reviewer)",
  signedIn: true,
  expectStatus: 200,
  targets: REVIEWING_TARGETS,
  usesReviewData: true,
  baseline: {
    pattern: /^\/api\/applications\/([^/]+)\/([^/]+)$/,
    // findCandidate, then candidateView in src/server/reviewing/candidate-view.ts: the form version
    // (cached) beside the view's statement and the neighbours, as there.
    async handle(request, context) {
      const { sql } = context;
      const session = await sessionOf(request, context);
      if (!session) return unauthenticated();
      const [programId, submissionId] = request.params.map((p) => decodeURIComponent(p));
      const candidate = await findCandidate(sql, session.userId, submissionId!, programId!);
      if (!candidate) return notFound();
      const actor = { ...session, role: await roleIn(sql, session.userId, candidate.program_id) };
      const may = rules(actor, candidate.organization_id);
      const draftOrTest = candidate.submission_date === null || candidate.soft_deleted;
      if (!may.reads({ visible: candidate.visible, draftOrTest })) return notFound();
      // In an archived program a committee member still sees the review they wrote, read-only.
      const mayReview = may.writesReview({ visible: candidate.visible, draftOrTest });
      const { userId } = session;
      const [content, view] = await Promise.all([
        versionContent(sql, candidate.form_id, candidate.form_version),
        candidateViewRow(sql, candidate, userId, { administers: may.administers, mayReview }),
      ]);
      const { review: own } = view;
      const files = view.files.map((f) => ({
        _id: f.id,
        questionId: f.questionId,
        name: f.name,
        size: f.size,
        contentType: f.contentType,
      }));
      const anonymized = anonymizedQuestionIds(content);
      return {
        status: 200,
        body: {
          program: presentProgram({ ...candidate, id: candidate.program_id }, candidate.increment_tenths),
          submission: {
            _id: candidate.id,
            formId: candidate.form_id,
            identifier: candidate.identifier,
            submissionDate: isoOrNull(candidate.submission_date),
            lastSaveDate: candidate.last_save_date.toISOString(),
            draft: candidate.submission_date === null,
            test: candidate.soft_deleted,
            reviewCount: candidate.review_count,
            ...(may.administers
              ? { status: candidate.status, amount: amountOf(candidate.amount_cents) }
              : {}),
          },
          sections: content.sections.filter((s) => !s.deleted),
          // The server's own function (pure, no framework or database): the same answers by construction.
          answers: reviewAnswers(content, view.answers, files, may.administers),
          files: may.administers ? files : files.filter((f) => !anonymized.has(f.questionId)),
          previousId: view.previousId,
          nextId: view.nextId,
          review: mayReview
            ? own
              ? {
                  _id: own.id,
                  submissionId: candidate.id,
                  programId: candidate.program_id,
                  userId,
                  rating: own.rating,
                  sections: own.sections,
                  started: own.startedAt !== null,
                  lastReviewed: new Date(own.lastReviewed).toISOString(),
                }
              : {
                  _id: null,
                  submissionId: candidate.id,
                  programId: candidate.program_id,
                  userId,
                  rating: NOT_RATED,
                  sections: [],
                  started: false,
                  lastReviewed: null,
                }
            : null,
          comments: view.comments.map((c) => ({
            _id: c.id,
            submissionId: candidate.id,
            sectionId: c.sectionId,
            userId: c.userId,
            authorName: c.authorName,
            value: c.body,
            lastReviewed: new Date(c.updatedAt).toISOString(),
          })),
          isAdmin: may.administers,
          canRate: mayReview && !candidate.archived,
          // Whether our server translates forms: it reads the same environment (translationProvider).
          machineTranslation: Boolean(
            process.env.GOOGLE_TRANSLATE_API_KEY || process.env.GOOGLE_CLOUD_PROJECT,
          ),
        },
      };
    },
  },
};
