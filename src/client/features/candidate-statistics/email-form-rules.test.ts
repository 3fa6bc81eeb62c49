import { describe, expect, it } from "vitest";
import { COMMITTEE_MESSAGES, DEFAULT_EMAIL_TEMPLATE } from "../../../shared/schemas/committee";
import {
  checkEmailForm,
  countAddresses,
  type EmailDraft,
  initialEmailDraft,
  previewEmail,
  SEND_FAILED,
  sendBlockedReasons,
  sendOutcome,
} from "./email-form-rules";

const KEY = "0b9c6f4e-2f1a-4c9e-9a57-3f1d2c8b7e10";

function check(draft: Partial<EmailDraft> = {}, submissionIds: string[] = ["s1", "s2"]) {
  return checkEmailForm({
    programId: "p1",
    submissionIds,
    draft: { ...initialEmailDraft(), ...draft },
    idempotencyKey: KEY,
  });
}

describe("the draft of a new opening", () => {
  it("is the committee's template, with no reply-to or bcc", () => {
    expect(initialEmailDraft()).toEqual({
      subject: DEFAULT_EMAIL_TEMPLATE.subject,
      body: DEFAULT_EMAIL_TEMPLATE.body,
      replyTo: "",
      bcc: "",
    });
  });

  it("can be sent as it is", () => {
    const result = check();
    expect(result.errors).toEqual({});
    expect(result.request).toEqual({
      programId: "p1",
      submissionIds: ["s1", "s2"],
      subject: DEFAULT_EMAIL_TEMPLATE.subject,
      body: DEFAULT_EMAIL_TEMPLATE.body,
      replyTo: "",
      bcc: "",
      idempotencyKey: KEY,
    });
  });
});

describe("Send is disabled (review-and-administration, '5. Validation rules')", () => {
  it("while the subject is empty or blank", () => {
    for (const subject of ["", "   "]) {
      const result = check({ subject });
      expect(result.request).toBeNull();
      expect(result.errors).toEqual({ subject: "Required" });
    }
  });

  it("while the body is empty or blank", () => {
    for (const body of ["", "\n\t "]) {
      const result = check({ body });
      expect(result.request).toBeNull();
      expect(result.errors).toEqual({ body: "Required" });
    }
  });

  it("while reply-to is not a valid email, which says Invalid Email", () => {
    for (const replyTo of ["nobody", "a@", "a b@example.com"]) {
      const result = check({ replyTo });
      expect(result.request).toBeNull();
      expect(result.errors).toEqual({ replyTo: COMMITTEE_MESSAGES.invalidEmail });
      expect(result.errors.replyTo).toBe("Invalid Email");
    }
  });

  it("while bcc is not a valid email, which says Invalid Email", () => {
    const result = check({ bcc: "chair@" });
    expect(result.request).toBeNull();
    expect(result.errors).toEqual({ bcc: "Invalid Email" });
  });

  it("while there is no recipient", () => {
    const result = check({}, []);
    expect(result.request).toBeNull();
    expect(Object.keys(result.errors)).toEqual(["submissionIds"]);
  });

  it("names every reason at once, recipients first", () => {
    const result = check({ subject: "", body: "", replyTo: "x", bcc: "y" }, []);
    expect(result.request).toBeNull();
    expect(sendBlockedReasons(result.errors)).toEqual([
      "Choose at least one recipient.",
      "Subject: Required",
      "Body: Required",
      "Reply-to: Invalid Email",
      "Bcc: Invalid Email",
    ]);
  });

  it("gives no reason when the form can be sent", () => {
    expect(sendBlockedReasons(check().errors)).toEqual([]);
  });
});

describe("the request sent", () => {
  it("takes optional addresses trimmed and lowercased, as the server stores them", () => {
    const result = check({ replyTo: "  Chair@Example.COM ", bcc: "Archive@example.com" });
    expect(result.errors).toEqual({});
    expect(result.request).toMatchObject({ replyTo: "chair@example.com", bcc: "archive@example.com" });
  });

  it("trims the subject and the body", () => {
    expect(check({ subject: "  Hello ", body: "\nDear {{name}}\n" }).request).toMatchObject({
      subject: "Hello",
      body: "Dear {{name}}",
    });
  });

  it("emails a candidate chosen twice once", () => {
    expect(check({}, ["s1", "s2", "s1"]).request?.submissionIds).toEqual(["s1", "s2"]);
  });

  it("carries the dialog's idempotency key unchanged, so a retry is recognised", () => {
    const first = check().request;
    const retry = check().request;
    expect(first?.idempotencyKey).toBe(KEY);
    expect(retry).toEqual(first);
  });

  it("refuses a subject or body over the limits", () => {
    expect(check({ subject: "x".repeat(301) }).errors.subject).toBeDefined();
    expect(check({ body: "x".repeat(50_001) }).errors.body).toBeDefined();
    expect(check({ subject: "x".repeat(300), body: "x".repeat(50_000) }).request).not.toBeNull();
  });
});

describe("the preview", () => {
  it("fills every placeholder for the first recipient, the identifier standing for the name", () => {
    expect(previewEmail(initialEmailDraft(), { identifier: "Solar Farm", amount: 12_500.5 })).toEqual({
      subject: "Your application Solar Farm",
      body: [
        "Dear Solar Farm,",
        "",
        "Thank you for submitting Solar Farm. We are writing to let you know the committee's decision.",
        "",
        "Amount: $12,500.50",
        "",
        "Kind regards,",
        "The review committee",
      ].join("\n"),
    });
  });

  it("leaves the amount empty when none is decided, and text without placeholders alone", () => {
    expect(
      previewEmail({ subject: "Hi", body: "[{{amount}}] {{other}}" }, { identifier: "A", amount: null }),
    ).toEqual({ subject: "Hi", body: "[] {{other}}" });
  });

  it("does not expand a placeholder inside the identifier", () => {
    expect(
      previewEmail({ subject: "{{name}}", body: "" }, { identifier: "{{amount}}", amount: 5 }).subject,
    ).toBe("{{amount}}");
  });
});

describe("the result alert", () => {
  it("lists the accepted and the rejected addresses", () => {
    expect(sendOutcome({ accepted: ["a@example.com"], rejected: ["b@example.com"] })).toEqual({
      kind: "sent",
      accepted: ["a@example.com"],
      rejected: ["b@example.com"],
    });
  });

  it("says the spec's error when none was accepted", () => {
    expect(sendOutcome({ accepted: [], rejected: ["b@example.com"] })).toEqual({
      kind: "failed",
      message: "Error sending email - please contact support for assistance",
      rejected: ["b@example.com"],
    });
    expect(sendOutcome({ accepted: [], rejected: [] }).kind).toBe("failed");
  });

  it("says the same when the call fails", () => {
    expect(SEND_FAILED).toEqual({ kind: "failed", message: COMMITTEE_MESSAGES.emailFailed, rejected: [] });
  });

  it("names an address that received several emails once, with the count", () => {
    expect(countAddresses(["a@x.test", "b@x.test", "a@x.test"])).toEqual([
      { address: "a@x.test", count: 2 },
      { address: "b@x.test", count: 1 },
    ]);
  });
});
