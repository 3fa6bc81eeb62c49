import { describe, expect, it } from "vitest";
import { defaultFormContent } from "../forms/defaults";
import {
  formContentSchema,
  formSettingsSchema,
  HEADER_IMAGE_MESSAGE,
  headerImageProgram,
} from "../forms/model";
import { nameSchema } from "./common";
import { programNameSchema } from "./programs";

/**
 * Names are on one line (docs/reliability.md, "Bad input"): they are the subjects of emails, the titles of
 * pages and the rows of lists. The spec gives no message for it: these are short and plain, in the
 * style of "Program name is required".
 */

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

const BREAKS = ["\n", "\r", "\r\n", "\v", "\f", "\u0085", "\u2028", "\u2029"];

describe("names on one line", () => {
  it.each(BREAKS)("refuses a person's and a program's name holding %j inside", (lineBreak) => {
    expect(messagesOf(nameSchema.safeParse(`Ada${lineBreak}Bcc: all@evil.example`))).toEqual([
      "Names must be on one line",
    ]);
    expect(messagesOf(programNameSchema.safeParse(`Music${lineBreak}2027`))).toEqual([
      "Program name must be on one line",
    ]);
  });

  it("keeps a name with line breaks only at its ends, trimmed, and tabs and spaces inside", () => {
    expect(nameSchema.parse("\r\n  Ada Lovelace \n")).toBe("Ada Lovelace");
    expect(nameSchema.parse("Ada\tLovelace")).toBe("Ada\tLovelace");
    expect(programNameSchema.parse("\rMusic 2027")).toBe("Music 2027");
  });

  it("refuses a form's name holding a line break anywhere (it is not trimmed)", () => {
    const content = defaultFormContent("Music 2027");
    expect(formContentSchema.safeParse(content).success).toBe(true);
    for (const name of ["Music\r\n2027", "\r=1+1", "Music 2027\n"]) {
      const result = formContentSchema.safeParse({ ...content, name });
      expect(messagesOf(result), name).toEqual(["Form name must be on one line"]);
      expect(result.error!.issues[0]!.path).toEqual(["name"]);
    }
  });
});

describe("a form's header image", () => {
  const program = "6f1c2a4e-7b3d-4c5e-8f90-123456789abc";
  const file = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
  const settings = (headerImage: string | null) => ({ ...defaultFormContent("F").settings, headerImage });

  it("accepts none, or an address the upload route hands out, and names its program", () => {
    for (const address of [null, "", `/api/files/public/programs/${program}/${file}-Our-header-final-.png`]) {
      expect(formSettingsSchema.safeParse(settings(address)).success, String(address)).toBe(true);
    }
    expect(headerImageProgram(`/api/files/public/programs/${program}/${file}-header.jpg`)).toBe(program);
  });

  it.each([
    "javascript:window.__xss=1",
    "https://evil.example/pixel.png",
    "//evil.example/pixel.png",
    "data:image/png;base64,iVBORw0KGgo=",
    `/api/files/public/programs/${program}/../../private/submissions/x.pdf`,
    `/api/files/public/programs/${program}/${file}-a.png?x=1`,
    `/api/files/public/programs/${program}/header.png`,
    `/api/files/public/programs/not-a-program/${file}-header.png`,
    `https://decisionhub.example/api/files/public/programs/${program}/${file}-header.png`,
    ` /api/files/public/programs/${program}/${file}-header.png`,
  ])("refuses %j", (address) => {
    expect(messagesOf(formSettingsSchema.safeParse(settings(address)))).toEqual([HEADER_IMAGE_MESSAGE]);
    expect(headerImageProgram(address)).toBeNull();
  });
});
