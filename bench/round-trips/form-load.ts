import { formOfProgramPath, noSamples, recordAnswer, timedRequest } from "./http";
import type { RoundTrip } from "./types";

/** What the builder loads when it opens: the program's form with its publish problems and warnings. */
export const formLoadRoundTrip: RoundTrip = {
  name: "form-load",
  description: "GET /api/forms/program/{programId}: load the 40 × 25-question form, one at a time",
  request: "GET /api/forms/program/{programId}",
  targetMedianMs: 100,
  samples: () => 20,
  async measure(form, samples) {
    const result = noSamples();
    for (let n = 0; n < samples; n++) {
      recordAnswer(result, await timedRequest(form, "GET", formOfProgramPath(form.programId)));
    }
    return result;
  },
};
