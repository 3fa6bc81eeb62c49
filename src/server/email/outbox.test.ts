import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import { createTestDatabase } from "../test/database";
import { enqueueEmail, enqueueEmails, oneLineSubject } from "./outbox";

/**
 * Every subject the outbox holds is one line (docs/reliability.md, "Bad input"), whatever kind of email and
 * whatever a name put in it: the templates put program, form and people's names in subjects, and a
 * line break there would be a header line to the next system that reads it.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

const email = (kind: string, subject: string) => ({
  kind,
  to: ["someone@example.test"],
  subject,
  text: `Body of ${kind}\nwith its own lines`,
  html: "<p>Body</p>",
});

describe("email subjects", () => {
  it.each([
    ["Hi\r\nBcc: all@evil.example\r\n\r\n<b>body</b>", "Hi Bcc: all@evil.example <b>body</b>"],
    ["\r=1+1 application received", "=1+1 application received"],
    ["Music\n2027\rinvitation", "Music 2027 invitation"],
    ["Line\u2028separator\u2029and\u0085next\vand\ffeed", "Line separator and next and feed"],
    ["  Already one line  ", "Already one line"],
  ])("puts %j on one line as %j", (subject, line) => {
    expect(oneLineSubject(subject)).toBe(line);
  });

  it("stores every kind's subject on one line, enqueued alone or in batches, and leaves bodies alone", async () => {
    const typed = "Program\r\nBcc: all@evil.example";
    await enqueueEmail(database.db, email("submission-receipt", `Receipt: ${typed}`));
    await enqueueEmails(database.db, [
      email("program-access", `Access to ${typed}`),
      email("invitation", `Invitation to ${typed}`),
      email("reviewer-reminder", `Reminder: ${typed}`),
    ]);
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.map((row) => [row.kind, row.subject]).sort()).toEqual([
      ["invitation", "Invitation to Program Bcc: all@evil.example"],
      ["program-access", "Access to Program Bcc: all@evil.example"],
      ["reviewer-reminder", "Reminder: Program Bcc: all@evil.example"],
      ["submission-receipt", "Receipt: Program Bcc: all@evil.example"],
    ]);
    for (const row of rows) expect(row.text).toBe(`Body of ${row.kind}\nwith its own lines`);
  });
});
