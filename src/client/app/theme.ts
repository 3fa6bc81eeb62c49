import {
  type CSSVariablesResolver,
  createTheme,
  type ExtendComponent,
  type MenuFactory,
  type ModalFactory,
  type NotificationFactory,
} from "@mantine/core";

// What `Menu.extend(...)` and its siblings return, without importing the components themselves: `extend`
// is the identity, and the values would pull the menu, dialog and notification code (with floating-ui)
// into the entry chunk that every page, the applicant form included, downloads first.
const menuDefaults: ExtendComponent<MenuFactory> = {
  // The focus placeholder is a focusable non-item inside role="menu", which axe reports as critical.
  defaultProps: { withInitialFocusPlaceholder: false },
};
// The close buttons of notifications and dialogs are icons only: they need a name.
const notificationDefaults: ExtendComponent<NotificationFactory> = {
  defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
  // Under a title, the message's default grey 6 is too light on white: it takes the dimmed grey instead.
  styles: (_theme, props) => (props.title ? { description: { color: "var(--mantine-color-dimmed)" } } : {}),
};
const modalDefaults: ExtendComponent<ModalFactory> = {
  defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } },
};

/**
 * Mantine's default shade 6 and its "dimmed" grey fall below the WCAG AA contrast ratio on white, so the
 * theme uses darker shades: primary 8 (5:1), dimmed grey 7 (8:1), error red 9 (5.5:1).
 */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "sm",
  components: { Menu: menuDefaults, Notification: notificationDefaults, Modal: modalDefaults },
});

/**
 * White on Mantine's darkest green (green.9, #2b8a3e) is 4.37:1, below WCAG AA for a badge's 12-pixel
 * label: filled green badges ("Accepting responses", "Test") take a shade darker (5.2:1).
 */
export const FILLED_GREEN = "#277c38";

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
  },
  dark: {},
});
