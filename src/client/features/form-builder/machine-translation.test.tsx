import { describe, expect, it } from "vitest";
import { defaultFormContent } from "../../../shared/forms/defaults";
import { MACHINE_TRANSLATION_MESSAGES } from "../../../shared/forms/french-texts";
import type { MachineTranslationResult } from "../../../shared/schemas/forms";
import { render as renderInApp } from "../../test/render";
import { adoptMachineFrench, type MachineTranslation, translatedText } from "./machine-translation";
import { TranslateMissingButton } from "./machine-translation-button";

const content = defaultFormContent("Fund");
/** The server's answer, reduced to what the builder reads from it. */
const answer = (translations: Record<string, string>, machineTranslated: string[]) =>
  ({
    translated: machineTranslated.length,
    form: { settings: { ...content.settings, translations, machineTranslated } },
  }) as unknown as MachineTranslationResult;

describe("adoptMachineFrench", () => {
  it("adds the server's machine French, marked, and keeps French typed while the request ran", () => {
    const typed = {
      ...content,
      settings: { ...content.settings, translations: { "Admin Info": "Renseignements (à la main)" } },
    };
    const next = adoptMachineFrench(
      typed,
      answer({ "Admin Info": "FR:Admin Info", Fund: "FR:Fund" }, ["Admin Info", "Fund"]),
    );
    expect(next.settings.translations).toEqual({
      "Admin Info": "Renseignements (à la main)",
      Fund: "FR:Fund",
    });
    expect(next.settings.machineTranslated).toEqual(["Fund"]);
  });

  it("answers the same content when there is nothing to add (no needless save)", () => {
    expect(adoptMachineFrench(content, answer({}, []))).toBe(content);
  });
});

describe("the Translate missing texts button", () => {
  const machine = (available: boolean): MachineTranslation => ({
    available,
    translating: false,
    translateMissing: async () => true,
  });
  const render = (m: MachineTranslation, missing: number) =>
    renderInApp(<TranslateMissingButton machine={m} missing={missing} />);

  it("says machine translation is not configured when the server has no provider", () => {
    const html = render(machine(false), 3);
    expect(html).toContain(MACHINE_TRANSLATION_MESSAGES.notConfigured);
    expect(html).not.toContain("Translate missing texts");
  });

  it("is offered while texts miss French, disabled when none does", () => {
    expect(render(machine(true), 3)).toMatch(/<button(?![^>]*disabled)[^>]*>[\s\S]*Translate missing texts/);
    expect(render(machine(true), 0)).toMatch(/<button[^>]*disabled[^>]*>[\s\S]*Translate missing texts/);
  });

  it("reports how many texts the machine filled", () => {
    expect(translatedText(0)).toBe("Every text already has French.");
    expect(translatedText(1)).toMatch(/^1 text translated/);
    expect(translatedText(12)).toMatch(/^12 texts translated/);
  });
});
