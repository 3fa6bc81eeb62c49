import { Button, Stack, Text } from "@mantine/core";
import { MACHINE_TRANSLATION_MESSAGES } from "../../../shared/forms/french-texts";
import type { MachineTranslation } from "./machine-translation";

/**
 * "Translate missing texts" (the French texts and the publish dialog): fills every French text still
 * empty by machine; the administrator's own French stays. Without a provider on the server, says so.
 */
export function TranslateMissingButton({
  machine,
  missing,
}: {
  machine: MachineTranslation;
  /** How many texts have no French: nothing to do at 0. */
  missing: number;
}) {
  if (!machine.available) {
    return (
      <Text size="sm" c="dimmed">
        {MACHINE_TRANSLATION_MESSAGES.notConfigured}
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        loading={machine.translating}
        disabled={missing === 0}
        onClick={() => void machine.translateMissing()}
      >
        Translate missing texts
      </Button>
      <Text size="xs" c="dimmed">
        {missing === 0
          ? "Every text has French."
          : "Fills the empty French texts by machine translation; French you wrote is kept."}
      </Text>
    </Stack>
  );
}
