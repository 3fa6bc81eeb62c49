import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PROGRAM_ROLE_LABELS } from "../../../shared/authz";
import { PROGRAM_USER_MESSAGES } from "../../../shared/program-users/seats";
import { okSchema } from "../../../shared/schemas/common";
import {
  acceptedInvitationSchema,
  type MyInvitation,
  myInvitationsSchema,
} from "../../../shared/schemas/invitations";
import { apiGet, apiPath, apiSend } from "../../lib/api-client";
import { notify } from "../../lib/notify";
import { userKeys } from "../../lib/query-keys";
import { useUserMutation } from "../../lib/user-mutation";

const myInvitationsKey = (userId: string) => [...userKeys.all(userId), "invitations"] as const;

/**
 * The signed-in account's pending invitations, on the Programs page (decision 019): Accept or Decline
 * each. An account whose address is not verified only learns how many wait: it answers them from the
 * email's link, which proves the address is its own.
 */
export function MyInvitations({ userId }: { userId: string }) {
  const list = useQuery({
    queryKey: myInvitationsKey(userId),
    queryFn: () => apiGet("/api/invitations", myInvitationsSchema),
  });
  if (!list.data) return null;
  const { invitations, unverifiedCount } = list.data;
  if (unverifiedCount > 0) {
    return (
      <Alert
        title={unverifiedCount === 1 ? "1 pending invitation" : `${unverifiedCount} pending invitations`}
      >
        {PROGRAM_USER_MESSAGES.openInvitationLink}
      </Alert>
    );
  }
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="my-invitations-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="my-invitations-title">
          Pending invitations
        </Title>
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} userId={userId} invitation={invitation} />
        ))}
      </Stack>
    </section>
  );
}

function InvitationRow({ userId, invitation }: { userId: string; invitation: MyInvitation }) {
  const [failure, setFailure] = useState<string | null>(null);
  const answer = useUserMutation(userId, async (action: "accept" | "decline"): Promise<void> => {
    const path = apiPath`/api/invitations/id/${invitation.id}/${action}`;
    if (action === "accept") await apiSend("POST", path, undefined, acceptedInvitationSchema);
    else await apiSend("POST", path, undefined, okSchema);
  });
  async function respond(action: "accept" | "decline") {
    setFailure(null);
    try {
      await answer.mutateAsync(action);
      notify(
        action === "accept"
          ? `You joined ${invitation.programName}`
          : `You declined the invitation to ${invitation.programName}`,
      );
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Text>
          <strong>{invitation.invitedBy}</strong> invites you to join{" "}
          <strong>{invitation.programName}</strong> ({invitation.organizationName}) as{" "}
          <strong>{PROGRAM_ROLE_LABELS[invitation.role]}</strong>.
        </Text>
        <Text size="sm" c="gray.7">
          Nothing is shared with the program until you accept.
        </Text>
        {failure !== null && (
          <Text size="sm" c="red.9" role="alert">
            {failure}
          </Text>
        )}
        <Group gap="sm">
          <Button
            size="sm"
            aria-label={`Accept the invitation to ${invitation.programName}`}
            loading={answer.isPending && answer.variables === "accept"}
            disabled={answer.isPending}
            onClick={() => void respond("accept")}
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="default"
            aria-label={`Decline the invitation to ${invitation.programName}`}
            loading={answer.isPending && answer.variables === "decline"}
            disabled={answer.isPending}
            onClick={() => void respond("decline")}
          >
            Decline
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
