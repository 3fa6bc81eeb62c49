import { Button, Menu } from "@mantine/core";
import { PROGRAM_MENU_MAX_HEIGHT_PX } from "../../../shared/limits";
import { MESSAGES } from "../../../shared/messages";
import type { UserProgram } from "../../../shared/schemas/users";
import { ChevronDownIcon } from "../../components/icons";
import { activeBeforeArchived, programMenuLabel } from "../../features/programs/program-order";
import { useSetCurrentProgram, useUserPrograms } from "../../lib/current-program";
import { notify } from "../../lib/notify";

interface ProgramPickerProps {
  userId: string;
  currentProgram: UserProgram | null;
}

export function ProgramPicker({ userId, currentProgram }: ProgramPickerProps) {
  const programs = useUserPrograms(userId);
  const setCurrentProgram = useSetCurrentProgram(userId);

  function choose(programId: string) {
    if (programId === currentProgram?.id) return;
    setCurrentProgram.mutate(programId, {
      onError: (error) => notify(`Error changing the current program: ${error.message}`),
    });
  }

  const items = activeBeforeArchived(programs.data ?? []);
  const programName = currentProgram?.name ?? "No program selected";
  return (
    <Menu position="bottom-start" width={320}>
      <Menu.Target>
        <Button
          variant="default"
          // The accessible name starts with the control's purpose and contains the visible name (WCAG 2.5.3).
          aria-label={`Current program: ${programName}`}
          rightSection={<ChevronDownIcon />}
          loading={setCurrentProgram.isPending}
          maw={280}
        >
          {programName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={PROGRAM_MENU_MAX_HEIGHT_PX} style={{ overflowY: "auto" }}>
        {programs.isSuccess && items.length === 0 && <Menu.Item disabled>{MESSAGES.noPrograms}</Menu.Item>}
        {items.map((program) => (
          <Menu.Item
            key={program.id}
            onClick={() => choose(program.id)}
            fw={program.id === currentProgram?.id ? 700 : undefined}
            aria-current={program.id === currentProgram?.id ? "true" : undefined}
          >
            {programMenuLabel(program)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
