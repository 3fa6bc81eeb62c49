import { Button, Stack, Text, Title } from "@mantine/core";

export function ResetSentStep({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Check your email
      </Title>
      <Text>We sent a password reset link to {email}.</Text>
      <Button variant="default" onClick={onBack} fullWidth>
        Back to login
      </Button>
    </Stack>
  );
}
