import { Text, VisuallyHidden } from "@mantine/core";
import { truncateApplicantName } from "./applicant-name";

/**
 * The applicant's name cut to 60 characters and an ellipsis. The whole name is the tooltip and what
 * screen readers read, so nobody loses the end of it.
 */
export function ApplicantNameText({ identifier }: { identifier: string }) {
  const { text, truncated, full } = truncateApplicantName(identifier);
  if (!truncated) {
    return (
      <Text component="span" size="sm" fw={500}>
        {text}
      </Text>
    );
  }
  return (
    <Text component="span" size="sm" fw={500} title={full}>
      <span aria-hidden="true">{text}</span>
      <VisuallyHidden>{full}</VisuallyHidden>
    </Text>
  );
}
