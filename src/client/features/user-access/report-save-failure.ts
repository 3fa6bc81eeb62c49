import { notifications } from "@mantine/notifications";
import { PROGRAM_USER_MESSAGES } from "../../../shared/program-users/seats";
import { ApiError } from "../../lib/api-client";

/**
 * The spec's snackbar for a failed edit or removal stays 2 seconds (review-and-administration,
 * "9. Business constants and limits"), not the usual 6.
 */
const SAVE_FAILED_TIMEOUT_MS = 2000;

/**
 * The spec's red snackbar "Failed to save changes, please try again!". When the server refused for a
 * reason the person can act on (the last admin, a plan limit), that reason goes under it.
 */
export function reportSaveFailure(error: unknown): void {
  console.error(PROGRAM_USER_MESSAGES.saveFailed, error);
  const reason = error instanceof ApiError && error.status < 500 ? error.message.trim() : "";
  notifications.show({
    ...(reason === ""
      ? { message: PROGRAM_USER_MESSAGES.saveFailed }
      : { title: PROGRAM_USER_MESSAGES.saveFailed, message: reason }),
    color: "red",
    autoClose: SAVE_FAILED_TIMEOUT_MS,
  });
}
