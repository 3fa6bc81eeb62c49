import { describe, expect, it } from "vitest";
import { translator } from "../../../shared/i18n/catalog";
import { formStatus, formStatusLabel, outcomeLabel, portalAction } from "./portal-rules";

const NOW = new Date("2030-03-01T12:00:00.000Z");
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const draft = { accepting: true, closesAt: null, submissionDate: null };

describe("formStatus", () => {
  it("says Submitted for a submitted application, whatever the form", () => {
    expect(formStatus({ ...draft, submissionDate: at(-HOUR) }, NOW)).toEqual({ kind: "submitted" });
    expect(formStatus({ accepting: false, closesAt: at(-HOUR), submissionDate: at(-2 * HOUR) }, NOW)).toEqual(
      { kind: "submitted" },
    );
  });

  it("says Open when the form takes responses with no close date", () => {
    expect(formStatus(draft, NOW)).toEqual({ kind: "open" });
  });

  it("says Closed when the form takes no responses or the close date is past", () => {
    expect(formStatus({ ...draft, accepting: false }, NOW)).toEqual({ kind: "closed" });
    expect(formStatus({ ...draft, closesAt: at(-1) }, NOW)).toEqual({ kind: "closed" });
    expect(formStatus({ ...draft, closesAt: at(0) }, NOW)).toEqual({ kind: "closed" });
  });

  it("counts whole days and hours left before a scheduled close", () => {
    expect(formStatus({ ...draft, closesAt: at(3 * 24 * HOUR + 5 * HOUR + 59 * 60_000) }, NOW)).toEqual({
      kind: "closesIn",
      days: 3,
      hours: 5,
    });
    expect(formStatus({ ...draft, closesAt: at(30 * 60_000) }, NOW)).toEqual({
      kind: "closesIn",
      days: 0,
      hours: 0,
    });
  });

  it("is labelled from the catalog in both languages", () => {
    const en = translator("en");
    const fr = translator("fr");
    expect(formStatusLabel({ kind: "closesIn", days: 2, hours: 4 }, en)).toBe("Closes in 2 days and 4 hours");
    expect(formStatusLabel({ kind: "closesIn", days: 2, hours: 4 }, fr)).toBe(
      "Ferme dans 2 jours et 4 heures",
    );
    expect(formStatusLabel({ kind: "submitted" }, en)).toBe("Submitted");
    expect(formStatusLabel({ kind: "open" }, en)).toBe("Open");
    expect(formStatusLabel({ kind: "closed" }, en)).toBe("Closed");
  });
});

describe("portalAction", () => {
  const row = { accepting: true, allowEdit: false, submissionDate: null, linkId: "link-1" };

  it("offers Edit for a draft on a form that takes responses", () => {
    expect(portalAction(row)).toEqual({ kind: "edit", linkId: "link-1" });
  });

  it("offers Unsubmit & Edit only for a submitted application on a form that allows editing and is open", () => {
    const submitted = { ...row, submissionDate: at(-HOUR) };
    expect(portalAction(submitted)).toEqual({ kind: "none" });
    expect(portalAction({ ...submitted, allowEdit: true })).toEqual({
      kind: "unsubmitEdit",
      linkId: "link-1",
    });
    expect(portalAction({ ...submitted, allowEdit: true, accepting: false })).toEqual({ kind: "none" });
  });

  it("offers nothing on a closed form or without a link", () => {
    expect(portalAction({ ...row, accepting: false })).toEqual({ kind: "none" });
    expect(portalAction({ ...row, linkId: null })).toEqual({ kind: "none" });
  });
});

describe("outcomeLabel", () => {
  const en = translator("en");
  const fr = translator("fr");
  const nbsp = (text: string) => text.replace(/\s/g, " ");

  it("says an approved application's amount as money, in English and French", () => {
    expect(outcomeLabel({ kind: "approved", amountCents: 350_050 }, en, "en")).toBe("Approved: $3,500.50");
    expect(nbsp(outcomeLabel({ kind: "approved", amountCents: 350_050 }, fr, "fr"))).toBe(
      "Acceptée : 3 500,50 $",
    );
    expect(outcomeLabel({ kind: "approved", amountCents: null }, en, "en")).toBe("Approved");
  });

  it("says Not funded, Under review, and Not submitted for a draft", () => {
    expect(outcomeLabel({ kind: "notFunded" }, en, "en")).toBe("Not funded");
    expect(outcomeLabel({ kind: "notFunded" }, fr, "fr")).toBe("Non financée");
    expect(outcomeLabel({ kind: "underReview" }, en, "en")).toBe("Under review");
    expect(outcomeLabel({ kind: "underReview" }, fr, "fr")).toBe("En cours d'examen");
    expect(outcomeLabel(null, en, "en")).toBe("Not submitted");
  });
});
