import { describe, expect, it } from "vitest";
import { errorPageMessage } from "./messages";

describe("error page messages (forms-and-applicants, '8. Error catalogue')", () => {
  it.each([
    ["400", "We cannot handle this request."],
    ["401", "You are unauthorized to access this content."],
    ["403", "We understood what you are trying to do but this request is forbidden."],
    ["404", "Uh Oh! We cannot find what you are looking for."],
    ["500", "There was a problem internally."],
    ["501", "We were unable to fulfil your request."],
    ["No Error", "Whoops... this should not have happened. Please try again!"],
    [null, "Whoops... this should not have happened. Please try again!"],
    ["418", "You have run into an unknown error."],
    ["abc", "You have run into an unknown error."],
  ])("code %s shows %s", (code, message) => {
    expect(errorPageMessage(code)).toBe(message);
  });
});
