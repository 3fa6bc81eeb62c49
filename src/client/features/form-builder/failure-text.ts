/** The text of a failure to show: the server's message (ApiError) or the browser's. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : "The server did not answer.";
}
