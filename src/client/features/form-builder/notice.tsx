import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import { READABLE_ALERT_TITLE } from "../../components/readable-alert-title";

/** A coloured box with a title: problems (red), warnings (yellow), the published state (green). */
export function Notice({ color, title, children }: { color: string; title: string; children: ReactNode }) {
  return (
    <Alert color={color} variant="light" title={title} styles={READABLE_ALERT_TITLE}>
      {children}
    </Alert>
  );
}
