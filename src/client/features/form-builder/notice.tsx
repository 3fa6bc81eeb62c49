import { Alert } from "@mantine/core";
import type { ReactNode } from "react";

/** Mantine's light alert titles take the pale shade of their colour, below the WCAG AA contrast ratio. */
const READABLE_TITLE = { title: { color: "var(--mantine-color-text)" } };

/** A coloured box with a title: problems (red), warnings (yellow), the published state (green). */
export function Notice({ color, title, children }: { color: string; title: string; children: ReactNode }) {
  return (
    <Alert color={color} variant="light" title={title} styles={READABLE_TITLE}>
      {children}
    </Alert>
  );
}
