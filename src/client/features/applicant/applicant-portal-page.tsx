import { Stack, Table, Text, Title } from "@mantine/core";

const COLUMNS = [
  "Form Name",
  "Form Status",
  "Submission Name",
  "Submitted",
  "Last Review Edit",
  "Edit",
  "Download",
];

/** /portal/applicant: the applicant's submissions (rows arrive with the submissions API). */
export function ApplicantPortalPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>My Applications</Title>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={COLUMNS.length}>
              <Text ta="center" py="md">
                You have not started any applications yet.
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
