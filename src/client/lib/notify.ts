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

/** A failure whose text comes from elsewhere (the server's message): always red, under a title naming it. */
export function notifyFailure(title: string, message: string): void {
  notifications.show({ title, message, color: "red", autoClose: NOTIFICATION_TIMEOUT_MS });
}
