import {
  formFrom,
  formOfProgramPath,
  formPath,
  noSamples,
  recordAnswer,
  saveReceiptFrom,
  type TimedAnswer,
  timedRequest,
} from "./http";
import { editOneQuestion } from "./large-form";
import type { FormUnderTest, RoundTrip } from "./types";

/**
 * PUT the whole content at the form's current revision (what the builder's autosave sends); a 200
 * moves the revision on, as the builder does with the revision each save returns.
 */
export async function putContent(form: FormUnderTest): Promise<TimedAnswer> {
  const answer = await timedRequest(form, "PUT", formPath(form.formId), {
    revision: form.revision,
    content: form.content,
  });
  if (answer.status === 200) form.revision = saveReceiptFrom(answer, "Saving the form").revision;
  return answer;
}

/** Sequential saves, each after one question's text changed, each based on the previous save. */
export const formSaveRoundTrip: RoundTrip = {
  name: "form-save",
  description: "PUT /api/forms/{formId}: save a 40 × 25-question form after one edit, one at a time",
  request: "PUT /api/forms/{formId}",
  targetMedianMs: 100,
  samples: (quick) => (quick ? 15 : 50),
  async measure(form, samples) {
    const result = noSamples();
    for (let n = 0; n < samples; n++) {
      editOneQuestion(form.content, n);
      const answer = await putContent(form);
      recordAnswer(result, answer);
      if (answer.status !== 200) {
        // Counted as a failure; pick up the current revision so the following saves still measure.
        const current = formFrom(
          await timedRequest(form, "GET", formOfProgramPath(form.programId)),
          "Reload",
        );
        form.revision = current.revision;
      }
    }
    return result;
  },
};
