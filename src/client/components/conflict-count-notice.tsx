import { Alert, Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { useConflicts } from "../lib/conflict-api";

/**
 * The admin pages' count of active conflicts of interest (docs/decisions/036-conflicts-of-interest.md),
 * with the way to the Conflicts of Interest page; nothing while there is none.
 */
export function ConflictCountNotice({ userId, programId }: { userId: string; programId: string }) {
  const conflicts = useConflicts(userId, programId);
  const active = conflicts.data?.active ?? 0;
  const suggested = conflicts.data?.suggestions.length ?? 0;
  if (active === 0 && suggested === 0) return null;
  const parts = [
    ...(active > 0
      ? [active === 1 ? "1 conflict of interest declared" : `${active} conflicts of interest declared`]
      : []),
    ...(suggested > 0
      ? [suggested === 1 ? "1 suggested conflict to confirm" : `${suggested} suggested conflicts to confirm`]
      : []),
  ];
  return (
    <Alert color="yellow" role="status">
      <Text size="sm">
        {parts.join(", ")}.{" "}
        <Anchor component={Link} to="/admin/conflicts" size="sm">
          Open Conflicts of Interest
        </Anchor>
      </Text>
    </Alert>
  );
}
