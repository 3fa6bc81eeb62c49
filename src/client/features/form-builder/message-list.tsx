import { List } from "@mantine/core";

/** Problems (red) or warnings (yellow) shown beside what they are about; nothing when there are none. */
export function MessageList({ messages, color }: { messages: readonly string[]; color: string }) {
  if (messages.length === 0) return null;
  return (
    <List size="sm" c={color} spacing={2}>
      {messages.map((message) => (
        <List.Item key={message}>{message}</List.Item>
      ))}
    </List>
  );
}
