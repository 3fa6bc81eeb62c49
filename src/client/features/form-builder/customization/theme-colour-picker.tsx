import { CheckIcon, ColorSwatch, Group, Radio } from "@mantine/core";
import { THEME_COLOURS } from "../../../../shared/forms/model";
import classes from "./theme-colour-picker.module.css";

type ThemeColour = (typeof THEME_COLOURS)[number];

const isThemeColour = (value: string): value is ThemeColour =>
  (THEME_COLOURS as readonly string[]).includes(value);

/** The 13-colour palette as radio swatches ("Colour D9463D"); arrow keys move between them. */
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
          <Radio.Card key={colour} value={colour} aria-label={`Colour ${colour}`} className={classes.card}>
            <ColorSwatch color={`#${colour}`} size={32} component="span">
              {colour === value && <CheckIcon size={12} color="white" />}
            </ColorSwatch>
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}
