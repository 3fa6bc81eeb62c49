import { describe, expect, it } from "vitest";
import { CATALOG } from "../../../../shared/i18n/catalog";
import type { SubmissionFile } from "../../../../shared/schemas/submissions";
import {
  acceptFor,
  checkFiles,
  type FileLimits,
  fileLimitsMessage,
  fileProblem,
  matchesFileType,
  questionFiles,
} from "./file-checks";

const MB = 1_048_576;
const pdf = (size = 1000, name = "plan.pdf", type = "application/pdf") => ({ name, type, size });
const limits = (patch: Partial<FileLimits> = {}): FileLimits => ({
  maxFiles: 2,
  fileType: "any",
  maxFileSizeMB: 20,
  ...patch,
});

describe("file checks before uploading", () => {
  it("refuses a file once the question has its number of files", () => {
    expect(fileProblem(pdf(), 1, limits())).toBeNull();
    expect(fileProblem(pdf(), 2, limits())).toEqual({ key: "file.maxCount", vars: { count: 2 } });
  });

  it("refuses a file larger than the plan's size (MB × 1,048,576 bytes)", () => {
    expect(fileProblem(pdf(20 * MB), 0, limits())).toBeNull();
    expect(fileProblem(pdf(20 * MB + 1), 0, limits())).toEqual({ key: "file.maxSize", vars: { mb: 20 } });
    expect(fileProblem(pdf(2 * MB), 0, limits({ maxFileSizeMB: 1 }))).toEqual({
      key: "file.maxSize",
      vars: { mb: 1 },
    });
  });

  it("refuses an empty file", () => {
    expect(fileProblem(pdf(0), 0, limits())?.key).toBe("file.empty");
  });

  it("checks the type by extension and by the browser's MIME type", () => {
    expect(matchesFileType(pdf(), "pdf")).toBe(true);
    expect(matchesFileType(pdf(1, "PLAN.PDF", ""), "pdf")).toBe(true);
    expect(matchesFileType(pdf(1, "plan.pdf", "image/png"), "pdf")).toBe(false);
    expect(matchesFileType(pdf(1, "plan.doc", "application/pdf"), "pdf")).toBe(false);
    expect(matchesFileType({ name: "a.png", type: "image/png", size: 1 }, "png")).toBe(true);
    expect(matchesFileType({ name: "a.jpg", type: "image/jpeg", size: 1 }, "jpeg")).toBe(true);
    expect(matchesFileType({ name: "a.jpeg", type: "image/jpeg", size: 1 }, "jpeg")).toBe(true);
    expect(matchesFileType({ name: "a.png", type: "image/png", size: 1 }, "jpeg")).toBe(false);
    expect(matchesFileType({ name: "anything", type: "", size: 1 }, "any")).toBe(true);
    expect(
      fileProblem({ name: "a.png", type: "image/png", size: 1 }, 0, limits({ fileType: "pdf" })),
    ).toEqual({ key: "file.type", vars: { type: "pdf" } });
  });

  it("checks the count before the type and the type before the size", () => {
    const big = { name: "a.png", type: "image/png", size: 30 * MB };
    expect(fileProblem(big, 2, limits({ fileType: "pdf" }))?.key).toBe("file.maxCount");
    expect(fileProblem(big, 0, limits({ fileType: "pdf" }))?.key).toBe("file.type");
    expect(fileProblem(big, 0, limits({ fileType: "png" }))?.key).toBe("file.maxSize");
  });

  it("accepts the files of a pick while there is room and reports the first problem", () => {
    const files = [pdf(1, "a.pdf"), pdf(1, "b.txt", "text/plain"), pdf(1, "c.pdf"), pdf(1, "d.pdf")];
    const result = checkFiles(files, 0, limits({ fileType: "pdf" }));
    expect(result.accepted.map((f) => f.name)).toEqual(["a.pdf", "c.pdf"]);
    expect(result.problem).toEqual({ key: "file.type", vars: { type: "pdf" } });
    expect(checkFiles([pdf()], 0, limits())).toEqual({ accepted: [pdf()], problem: null });
  });

  it("gives the picker's accept list for the type", () => {
    expect(acceptFor("pdf")).toBe(".pdf,application/pdf");
    expect(acceptFor("png")).toBe(".png,image/png");
    expect(acceptFor("jpeg")).toBe(".jpg,.jpeg,image/jpeg");
    expect(acceptFor("any")).toBeUndefined();
  });

  it("lists a question's files in the answer's order, then the others", () => {
    const file = (id: string, questionId = "q1"): SubmissionFile => ({
      _id: id,
      questionId,
      name: `${id}.pdf`,
      size: 1,
      contentType: "application/pdf",
    });
    const files = [file("a"), file("b"), file("x", "q2"), file("c")];
    expect(questionFiles(files, "q1", ["c", "a"]).map((f) => f._id)).toEqual(["c", "a", "b"]);
    expect(questionFiles(files, "q1", ["gone"]).map((f) => f._id)).toEqual(["a", "b", "c"]);
    expect(questionFiles(files, "q3", [])).toEqual([]);
  });
});

describe("what a file question accepts, in words", () => {
  const say = (language: "en" | "fr", limits: Parameters<typeof fileLimitsMessage>[0]) => {
    const { key, vars } = fileLimitsMessage(limits);
    return Object.entries(vars).reduce(
      (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
      CATALOG[language][key],
    );
  };

  it("says one file without a plural, several with one, and MB as a unit (English and French)", () => {
    expect(say("en", { maxFiles: 1, fileType: "any", maxFileSizeMB: 50 })).toBe("One file, 50 MB at most");
    expect(say("en", { maxFiles: 3, fileType: "pdf", maxFileSizeMB: 10 })).toBe(
      "Up to 3 files of type pdf, 10 MB at most each",
    );
    expect(say("fr", { maxFiles: 1, fileType: "pdf", maxFileSizeMB: 50 })).toBe(
      "Un fichier de type pdf, 50 Mo au plus",
    );
    expect(say("fr", { maxFiles: 5, fileType: "any", maxFileSizeMB: 50 })).toBe(
      "Jusqu'à 5 fichiers, 50 Mo au plus chacun",
    );
    for (const language of ["en", "fr"] as const) {
      // "file.maxSize" is the spec's alert, word for word ("The maximum file size supported is Nmb").
      const texts = Object.entries(CATALOG[language]).filter(([key]) => key !== "file.maxSize");
      for (const [, text] of texts) expect(text).not.toMatch(/\(s\)|\}\}mb/);
    }
  });
});
