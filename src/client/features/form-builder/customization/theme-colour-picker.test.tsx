import { describe, expect, it } from "vitest";
import { THEME_COLOURS } from "../../../../shared/forms/model-constants";
import { render } from "../../../test/render";
import { THEME_COLOUR_NAMES, ThemeColourPicker } from "./theme-colour-picker";

describe("the theme colour swatches", () => {
  it("are named by colour, each differently, never by their hex code", () => {
    const html = render(<ThemeColourPicker value="2261AD" onChange={() => undefined} />);
    const names = THEME_COLOURS.map((colour) => THEME_COLOUR_NAMES[colour]);
    expect(new Set(names).size).toBe(THEME_COLOURS.length);
    for (const name of names) expect(html).toContain(`aria-label="${name}"`);
    expect(html).not.toMatch(/aria-label="Colour/);
  });
});
