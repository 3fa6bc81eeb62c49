import { Button, Group } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";

/**
 * A form of one field on the way to two-factor authentication (the password to confirm, the first code
 * from the app): its submit and its buttons.
 */

/**
 * The field has focus on arrival; a submit while it is empty or while one is under way does nothing;
 * `send` resolves with the message to show when it failed (the field then has focus again), null when
 * it worked.
 */
export function useFieldSubmit(send: () => Promise<string | null>, filled: boolean) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!filled || pending) return;
    setPending(true);
    setError(null);
    const failure = await send();
    setPending(false);
    if (failure !== null) {
      setError(failure);
      input.current?.focus();
    }
  }

  return { input, error, pending, submit };
}

interface SubmitOrCancelProps {
  label: string;
  disabled: boolean;
  pending: boolean;
  /** A red button for a change that lowers the account's protection. */
  danger?: boolean;
  onCancel: () => void;
}

/** The submit button (loading while the submit is under way) and Cancel. */
export function SubmitOrCancel({ label, disabled, pending, danger, onCancel }: SubmitOrCancelProps) {
  return (
    <Group>
      <Button type="submit" color={danger ? "red" : undefined} disabled={disabled} loading={pending}>
        {label}
      </Button>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
