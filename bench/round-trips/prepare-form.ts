import type { ServerProcess } from "../runner/server-process";
import type { BenchUser } from "../scenarios/types";
import { putContent } from "./form-save";
import { formFrom, formOfProgramPath, saveReceiptFrom, timedRequest } from "./http";
import { LARGE_FORM, largeFormContent, questionCount } from "./large-form";
import type { FormUnderTest } from "./types";

/** Unmeasured saves after the one that puts the large form in place: the server's first ones are slower (JIT). */
const WARMUP_SAVES = 3;

/**
 * Loads the program's form as its administrator (the server creates the default form if the program
 * has none), replaces its content with the large form, and saves it a few more times unmeasured.
 */
export async function prepareLargeForm(
  server: ServerProcess,
  admin: BenchUser,
  programId: string,
): Promise<FormUnderTest> {
  const session = { server, cookie: admin.cookie };
  const loaded = formFrom(
    await timedRequest(session, "GET", formOfProgramPath(programId)),
    `GET the form of program ${programId} as ${admin.email}`,
  );
  const form: FormUnderTest = {
    ...session,
    programId,
    formId: loaded._id,
    revision: loaded.revision,
    content: largeFormContent(loaded.name),
  };
  for (let n = 0; n <= WARMUP_SAVES; n++) saveReceiptFrom(await putContent(form), "Saving the large form");

  // Check the server kept what was sent, so the figures are about a form of this size.
  const saved = formFrom(await timedRequest(form, "GET", formOfProgramPath(programId)), "Reloading the form");
  const expected = LARGE_FORM.sections * LARGE_FORM.questionsPerSection;
  if (saved.sections.length !== LARGE_FORM.sections || questionCount(saved) !== expected) {
    throw new Error(
      `The saved form has ${saved.sections.length} sections and ${questionCount(saved)} questions, ` +
        `not ${LARGE_FORM.sections} and ${expected}.`,
    );
  }
  return form;
}
