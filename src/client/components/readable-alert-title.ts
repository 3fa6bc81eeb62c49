/** Mantine's light alert titles take the pale shade of their colour, below the WCAG AA contrast ratio. */
export const READABLE_ALERT_TITLE = { title: { color: "var(--mantine-color-text)" } };
