import { Text, VisuallyHidden } from "@mantine/core";
import { truncateName } from "../lib/truncate";

/**
 * A name cut to the spec's length. The whole name is the tooltip and what screen readers read, so
 * nobody loses the end of it.
 */
export function TruncatedText({ name, max, fw }: { name: string; max: number; fw?: number }) {
  const { text, truncated, full } = truncateName(name, max);
  if (!truncated) {
    return (
      <Text component="span" size="sm" fw={fw}>
        {text}
      </Text>
    );
  }
  return (
    <Text component="span" size="sm" fw={fw} title={full}>
      <span aria-hidden="true">{text}</span>
      <VisuallyHidden>{full}</VisuallyHidden>
    </Text>
  );
}
