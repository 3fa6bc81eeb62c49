import { Button, Stack, Text, Title } from "@mantine/core";
import { SIGN_IN_TEXT } from "./sign-in-messages";

export function InvalidResetLink({ onRequestNewLink }: { onRequestNewLink: () => void }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Reset link not valid
      </Title>
      <Text>{SIGN_IN_TEXT.invalidResetLink}</Text>
      <Button onClick={onRequestNewLink} fullWidth>
        Request a new link
      </Button>
    </Stack>
  );
}
