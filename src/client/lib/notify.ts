import { notifications } from "@mantine/notifications";

const NOTIFICATION_TIMEOUT_MS = 6000;

/** The spec's snackbar rule: red when the text mentions an error, green otherwise. */
export function notify(message: string): void {
  notifications.show({
    message,
    color: message.includes("Error") ? "red" : "green",
    autoClose: NOTIFICATION_TIMEOUT_MS,
  });
}
