import { type CSSVariablesResolver, createTheme, Menu, Notification } from "@mantine/core";

/**
 * Mantine's default shade 6 and its "dimmed" grey fall below the WCAG AA contrast ratio on white, so the
 * theme uses darker shades: primary 8 (5:1), dimmed grey 7 (8:1), error red 9 (5.5:1).
 */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "sm",
  components: {
    // The focus placeholder is a focusable non-item inside role="menu", which axe reports as critical.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // The close button of a notification is an icon only: it needs a name.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
    }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
  },
  dark: {},
});
