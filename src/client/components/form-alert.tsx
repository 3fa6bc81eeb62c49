import { Alert } from "@mantine/core";

/** The red message above a form's fields after a failed submit; nothing when there is none. */
export function FormAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert color="red" variant="light">
      {message}
    </Alert>
  );
}
