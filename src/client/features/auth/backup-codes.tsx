import { Button, Code, List, Stack, Text } from "@mantine/core";

/**
 * Backup codes, shown once (the server keeps them encrypted and never shows them again): each works once,
 * in place of the app's code.
 */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Text fw={600} id="backup-codes-title">
        Your backup codes
      </Text>
      <Text size="sm">
        If you lose your phone, sign in with one of these codes instead of the app's code. Each code works
        once. Save them somewhere safe now: they will not be shown again.
      </Text>
      <List aria-labelledby="backup-codes-title" listStyleType="none" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <div>
        <Button onClick={onDone}>I have saved my backup codes</Button>
      </div>
    </Stack>
  );
}
