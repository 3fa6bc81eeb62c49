import { notifications } from "@mantine/notifications";

const ALERT_TIMEOUT_MS = 6000;

/**
 * The spec's failure alerts ("Error in saving your review!", "Unable to update stacked rankings."): always
 * red, even when the text does not contain "Error" (the usual snackbar rule would make the second green).
 * The cause goes to the console for support.
 */
export function alertFailure(message: string, cause?: unknown): void {
  if (cause !== undefined) console.error(message, cause);
  notifications.show({ message, color: "red", autoClose: ALERT_TIMEOUT_MS });
}

/** A failure whose detail (the server's message) helps the person act on it. */
export function alertFailureWithReason(title: string, cause: unknown): void {
  console.error(title, cause);
  const reason = cause instanceof Error ? cause.message.trim() : "";
  notifications.show({
    ...(reason === "" ? { message: title } : { title, message: reason }),
    color: "red",
    autoClose: ALERT_TIMEOUT_MS,
  });
}
