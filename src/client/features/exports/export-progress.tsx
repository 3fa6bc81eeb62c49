import { Group, Progress, Text } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import type { ExportJob } from "../../../shared/schemas/exports";
import { progressPercent, progressText } from "./export-rules";

interface ExportProgressProps {
  job: ExportJob;
  /** Names the bar: which export it is about. */
  label: string;
}

/**
 * A job's progress: processed of total once the total is known, an indeterminate striped bar while the
 * job is still preparing. The bar itself carries the role and the words: Mantine's section would
 * announce only "n%" (and overrides aria-valuetext), so its own aria is switched off.
 */
export function ExportProgress({ job, label }: ExportProgressProps) {
  const reduceMotion = useReducedMotion();
  const percent = progressPercent(job);
  const text = progressText(job);
  // Indeterminate (ARIA): no aria-valuenow, a full striped bar that moves unless motion is reduced.
  const preparing = percent === null && job.status === "running";
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress.Root
        flex={1}
        miw={80}
        size="md"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { "aria-valuenow": percent })}
        aria-valuetext={text}
      >
        <Progress.Section
          withAria={false}
          value={preparing ? 100 : (percent ?? 0)}
          color={percent === 100 ? "green" : "blue"}
          striped={preparing}
          animated={preparing && !reduceMotion}
        />
      </Progress.Root>
      <Text size="sm" span aria-hidden="true" style={{ whiteSpace: "nowrap" }}>
        {text}
      </Text>
    </Group>
  );
}
