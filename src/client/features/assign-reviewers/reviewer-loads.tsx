import { Box, Group, Text, Title } from "@mantine/core";
import { useId } from "react";
import type { AssignmentListResult } from "../../../shared/schemas/committee";
import { ASSIGN_TEXT } from "./assign-messages";
import { loadLabel, personOptions } from "./options";

/**
 * Each committee member's load, on one wrapped line under the notes: who already has the most is seen
 * before choosing (the same figure is beside each name in the pickers' lists).
 */
export function ReviewerLoads({ committee }: { committee: AssignmentListResult["committee"] }) {
  const headingId = useId();
  const noteId = useId();
  const assigned = new Map(committee.map((person) => [person._id, person.assigned]));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId}>
        {ASSIGN_TEXT.loadHeading}
      </Title>
      <Text size="sm" c="gray.8" id={noteId}>
        {ASSIGN_TEXT.loadNote}
      </Text>
      {committee.length === 0 ? (
        <Text size="sm">{ASSIGN_TEXT.noCommittee}</Text>
      ) : (
        <Group
          component="ul"
          gap="xs"
          m={0}
          p={0}
          mt={4}
          style={{ listStyle: "none" }}
          aria-describedby={noteId}
        >
          {personOptions(committee, []).map((option) => (
            <Text
              component="li"
              size="sm"
              key={option.value}
              px={8}
              py={2}
              bg="gray.1"
              style={{ borderRadius: 4 }}
            >
              {`${option.label}: ${loadLabel(assigned.get(option.value) ?? 0)}`}
            </Text>
          ))}
        </Group>
      )}
    </Box>
  );
}
