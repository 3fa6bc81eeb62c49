import { Alert, Box, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { MailboxMessage } from "../../../shared/schemas/support";
import { PageLoader } from "../../components/page-loader";
import { formatDateTime } from "../../lib/date-format";
import { useDevMailbox } from "./api";
import { LinkifiedText } from "./linkified-text";

function MailboxEntry({ message }: { message: MailboxMessage }) {
  return (
    <Card withBorder component="article" padding="md">
      <Title order={2} size="h4">
        {message.subject}
      </Title>
      <Text size="sm" mt={4}>
        To: {message.to.join(", ")}
      </Text>
      <Text size="sm" c="dimmed">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time> · {message.kind} ·{" "}
        {message.status}
      </Text>
      <Text component="div" mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        <LinkifiedText text={message.text} />
      </Text>
    </Card>
  );
}

/** /dev/mailbox: the outbox of a server without a mail provider, so reset and invitation links can be followed. */
export function MailboxPage() {
  const mailbox = useDevMailbox();
  return (
    <Box component="main" py="xl">
      <Container size="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1}>Development mailbox</Title>
            <Button variant="default" onClick={() => void mailbox.refetch()} loading={mailbox.isFetching}>
              Refresh
            </Button>
          </Group>
          {mailbox.isPending && <PageLoader />}
          {mailbox.isError && (
            <Alert color="red" variant="light">
              Error loading the mailbox: {mailbox.error.message}
            </Alert>
          )}
          {mailbox.isSuccess && mailbox.data.length === 0 && <Text>No messages yet.</Text>}
          {mailbox.isSuccess && mailbox.data.length > 0 && (
            <Stack
              component="ol"
              gap="md"
              p={0}
              m={0}
              style={{ listStyle: "none" }}
              aria-label="Messages, newest first"
            >
              {mailbox.data.map((message) => (
                <li key={message.id}>
                  <MailboxEntry message={message} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
