import { List, Table, Text } from "@mantine/core";
import type { AuditEvent } from "../../../shared/schemas/audit";
import { AUDIT_TEXT, detailLines, whatText, whenText, whoText } from "./audit-format";

/** The log as a table: one row per event, newest first, as recorded (names as they were then). */
export function AuditEventsTable({ events }: { events: readonly AuditEvent[] }) {
  return (
    <Table striped withTableBorder verticalSpacing="xs">
      <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{AUDIT_TEXT.caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">When</Table.Th>
          <Table.Th scope="col">Who</Table.Th>
          <Table.Th scope="col">What</Table.Th>
          <Table.Th scope="col">Program</Table.Th>
          <Table.Th scope="col">Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => (
          <AuditEventRow key={event._id} event={event} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AuditEventRow({ event }: { event: AuditEvent }) {
  const details = detailLines(event.details);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        <time dateTime={event.createdAt}>{whenText(event.createdAt)}</time>
      </Table.Td>
      <Table.Td>{whoText(event.actor)}</Table.Td>
      <Table.Td>{whatText(event)}</Table.Td>
      <Table.Td>{event.programName ?? AUDIT_TEXT.none}</Table.Td>
      <Table.Td>
        {details.length === 0 ? (
          <Text size="sm" c="gray.7">
            {AUDIT_TEXT.none}
          </Text>
        ) : (
          <List size="sm" listStyleType="none" spacing={2}>
            {details.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
