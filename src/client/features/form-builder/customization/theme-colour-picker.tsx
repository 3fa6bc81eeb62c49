import { CheckIcon, ColorSwatch, Group, Radio } from "@mantine/core";
import { THEME_COLOURS } from "../../../../shared/forms/model-constants";
import classes from "./theme-colour-picker.module.css";

type ThemeColour = (typeof THEME_COLOURS)[number];

const isThemeColour = (value: string): value is ThemeColour =>
  (THEME_COLOURS as readonly string[]).includes(value);

/**
 * What each swatch is called, for the people who hear it rather than see it ("Red", not "Colour D9463D").
 * Names a person would use, each one different.
 */
export const THEME_COLOUR_NAMES: Record<ThemeColour, string> = {
  D9463D: "Red",
  "673FB4": "Deep purple",
  "2261AD": "Dark blue",
  "4688F0": "Blue",
  "1DAAF1": "Light blue",
  "1DBCD2": "Cyan",
  FD5830: "Orange red",
  FD9827: "Orange",
  "139588": "Teal",
  "4FAE55": "Green",
  "617D8A": "Blue grey",
  "9E9E9E": "Grey",
  FC0D1B: "Bright red",
};

/** The 13-colour palette as radio swatches named by colour ("Dark blue"); arrow keys move between them. */
export function ThemeColourPicker({
  value,
  onChange,
}: {
  value: ThemeColour;
  onChange: (colour: ThemeColour) => void;
}) {
  return (
    <Radio.Group
      label="Theme colour"
      value={value}
      onChange={(next) => {
        if (isThemeColour(next)) onChange(next);
      }}
    >
      <Group gap={6} mt={6}>
        {THEME_COLOURS.map((colour) => (
          <Radio.Card
            key={colour}
            value={colour}
            aria-label={THEME_COLOUR_NAMES[colour]}
            className={classes.card}
          >
            <ColorSwatch color={`#${colour}`} size={32} component="span">
              {colour === value && <CheckIcon size={12} color="white" />}
            </ColorSwatch>
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}
