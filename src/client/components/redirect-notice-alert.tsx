import { Alert } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { redirectNoticeFrom, redirectNoticeText } from "../lib/redirect-notice";
import { READABLE_ALERT_TITLE } from "./readable-alert-title";

/**
 * On the page a redirect ended on: which address was not found or not open to this account
 * (docs/decisions/039-navigation-and-builder.md). Closing it clears it from the history entry, so a reload
 * does not bring it back.
 */
export function RedirectNoticeAlert() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = redirectNoticeFrom(location.state);
  if (notice === null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      styles={READABLE_ALERT_TITLE}
      title={notice.reason === "unknown" ? "Page not found" : "No access to that page"}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        void navigate(location.pathname + location.search, { replace: true, state: null });
      }}
      mb="md"
    >
      {redirectNoticeText(notice)}
    </Alert>
  );
}
