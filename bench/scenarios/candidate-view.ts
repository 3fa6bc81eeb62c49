import type { Answer } from "../../src/shared/forms/answers";
import type { FormContent } from "../../src/shared/forms/model";
import {
  amountOf,
  type CandidateRow,
  findCandidate,
  isoOrNull,
  NOT_RATED,
  notFound,
  presentProgram,
  presentReview,
  REVIEW_COLUMNS,
  REVIEWABLE_SQL,
  type ReviewRow,
  roleIn,
  rules,
  sessionOf,
  unauthenticated,
  versionContent,
  visibleSql,
} from "../baseline/reviewing";
import type { SqlQuery } from "../lib/sql-client";
import { fixtureOf, REVIEWING_TARGETS } from "./candidate-list";
import type { Scenario } from "./types";

/** Candidates each reviewer opens in turn (bench/reviewing/fixture.ts picks them spread over their list). */
const VIEWED = 20;

interface FileRow {
  id: string;
  question_id: string;
  name: string;
  size: number;
  content_type: string;
}

interface CommentRow {
  id: string;
  submission_id: string;
  section_id: string;
  user_id: string;
  body: string;
  updated_at: Date;
  author_name: string;
}

/** reviewAnswers in src/server/reviewing/candidate-view.ts: form order, anonymized answers withheld from non-admins. */
function reviewAnswers(
  content: FormContent,
  answers: readonly Answer[],
  files: readonly FileRow[],
  isAdmin: boolean,
) {
  const filesByQuestion = new Map<string, string[]>();
  for (const file of files) {
    filesByQuestion.set(file.question_id, [...(filesByQuestion.get(file.question_id) ?? []), file.id]);
  }
  const given = new Map(answers.map((a) => [a.questionId, a]));
  const result: unknown[] = [];
  for (const section of content.sections.filter((s) => !s.deleted)) {
    for (const question of section.questions) {
      const answer = given.get(question._id);
      const fileIds = question.type === "FILE_UPLOAD" ? (filesByQuestion.get(question._id) ?? []) : [];
      if (!answer && fileIds.length === 0) continue;
      const { _id: questionId, type } = question;
      const sectionId = answer?.sectionId ?? section._id;
      if (question.anonymize && !isAdmin) {
        result.push({ questionId, sectionId, type, anonymized: true, withheld: true });
        continue;
      }
      const base = answer ?? {
        questionId,
        sectionId,
        type,
        answerString: "",
        answerArray: [],
        answerMatrix: [],
      };
      result.push({
        ...base,
        ...(type === "FILE_UPLOAD" ? { answerArray: fileIds } : {}),
        ...(question.anonymize ? { anonymized: true } : {}),
      });
    }
  }
  return result;
}

/** neighboursOf: the previous and next candidate in the viewer's list order, by keyset, in one query. */
async function neighbours(sql: SqlQuery, candidate: CandidateRow, userId: string, administers: boolean) {
  // The program alone: it implies its organization (inProgramSql in candidate-list.ts).
  const where = ["s.program_id = $2", REVIEWABLE_SQL, ...(administers ? [] : [visibleSql("$1")])].join(
    " and ",
  );
  const position = "(lower($3), $4::uuid)";
  const [row] = await sql.query<{ previous_id: string | null; next_id: string | null }>(
    `select (select s.id from submissions s where ${where} and (lower(s.identifier), s.id) < ${position}
              order by lower(s.identifier) desc, s.id desc limit 1) as previous_id,
            (select s.id from submissions s where ${where} and (lower(s.identifier), s.id) > ${position}
              order by lower(s.identifier), s.id limit 1) as next_id
       from (select 1) as anchor`,
    [userId, candidate.program_id, candidate.identifier, candidate.id],
  );
  return { previousId: row?.previous_id ?? null, nextId: row?.next_id ?? null };
}

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
    // findCandidate, then candidateView in src/server/reviewing/candidate-view.ts (its queries run
    // side by side, as there).
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
      const reads = may.reads({ visible: candidate.visible, draftOrTest });
      if (!reads) return notFound();
      const mayReview = may.onCommittee && reads;
      const { userId } = session;
      const [content, answers, files, around, review, comments] = await Promise.all([
        versionContent(sql, candidate.form_id, candidate.form_version),
        sql.query<{ answers: Answer[] }>(
          "select answers from submissions where program_id = $1 and id = $2",
          [candidate.program_id, candidate.id],
        ),
        sql.query<FileRow>(
          `select id, question_id, name, size, content_type from submission_files
            where submission_id = $1 order by created_at, id`,
          [candidate.id],
        ),
        neighbours(sql, candidate, userId, may.administers),
        mayReview
          ? sql.query<ReviewRow>(
              `select ${REVIEW_COLUMNS} from reviews where program_id = $1 and submission_id = $2 and user_id = $3`,
              [candidate.program_id, candidate.id, userId],
            )
          : Promise.resolve([]),
        sql.query<CommentRow>(
          `select c.id, c.submission_id, c.section_id, c.user_id, c.body, c.updated_at, u.name as author_name
             from review_comments c join users u on u.id = c.user_id
            where c.program_id = $1 and c.submission_id = $2${may.administers ? "" : " and c.user_id = $3"}
            order by c.created_at, c.id`,
          may.administers
            ? [candidate.program_id, candidate.id]
            : [candidate.program_id, candidate.id, userId],
        ),
      ]);
      const anonymized = new Set(
        content.sections.flatMap((s) => s.questions.filter((q) => q.anonymize).map((q) => q._id)),
      );
      const presentedFiles = files
        .filter((f) => may.administers || !anonymized.has(f.question_id))
        .map((f) => ({
          _id: f.id,
          questionId: f.question_id,
          name: f.name,
          size: f.size,
          contentType: f.content_type,
        }));
      const own = review[0];
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
          answers: reviewAnswers(content, answers[0]?.answers ?? [], files, may.administers),
          files: presentedFiles,
          ...around,
          review: mayReview
            ? own
              ? presentReview(own)
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
          comments: comments.map((c) => ({
            _id: c.id,
            submissionId: c.submission_id,
            sectionId: c.section_id,
            userId: c.user_id,
            authorName: c.author_name,
            value: c.body,
            lastReviewed: c.updated_at.toISOString(),
          })),
          isAdmin: may.administers,
          canRate: mayReview && !candidate.archived,
        },
      };
    },
  },
};
