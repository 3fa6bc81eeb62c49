import { Collapse, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useId } from "react";
import { MESSAGES } from "../../../shared/messages";
import { ChevronDownIcon } from "../../components/icons";
import { PageLoader } from "../../components/page-loader";
import { useSignedInSession } from "../../lib/signed-in-session";
import { useUserPrograms } from "./api";
import { ProgramsTable } from "./programs-table";

export function ProgramsPage() {
  const { user } = useSignedInSession();
  const programs = useUserPrograms(user.id);
  const [archivesOpen, archives] = useDisclosure(false);
  const archivesId = useId();

  if (programs.isPending) return <PageLoader />;
  if (programs.isError) return <Text c="red.9">Error loading your programs: {programs.error.message}</Text>;

  const active = programs.data.filter((program) => !program.archived);
  const archived = programs.data.filter((program) => program.archived);

  return (
    <Stack gap="lg">
      <Title order={1}>Programs</Title>
      {programs.data.length === 0 ? (
        <Text>{MESSAGES.noPrograms}</Text>
      ) : (
        <ProgramsTable programs={active} caption="Active programs" />
      )}
      {archived.length > 0 && (
        <section>
          <Title order={2} size="h4">
            <UnstyledButton onClick={archives.toggle} aria-expanded={archivesOpen} aria-controls={archivesId}>
              <Group gap={6} wrap="nowrap">
                <span
                  style={{
                    display: "inline-flex",
                    transform: archivesOpen ? undefined : "rotate(-90deg)",
                    transition: "transform 150ms",
                  }}
                >
                  <ChevronDownIcon />
                </span>
                Archives
              </Group>
            </UnstyledButton>
          </Title>
          <Collapse expanded={archivesOpen} id={archivesId} mt="sm">
            <ProgramsTable programs={archived} caption="Archived programs" withArchivedDate />
          </Collapse>
        </section>
      )}
    </Stack>
  );
}
