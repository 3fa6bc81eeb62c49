import { Box, Group, Stack, Text } from "@mantine/core";
import type { CandidateStatsRow } from "../../../shared/schemas/reviews";
import { formatDecimal, histogramBars, reviewCountLabel } from "./statistics-format";

const BAR_TRACK_WIDTH = 200;

/**
 * A candidate's ratings as a small bar list: each line says the rating and how many reviews gave it in
 * words; the bar only repeats the count for the eye (hidden from assistive technology).
 */
export function RatingHistogram({ name, row }: { name: string; row: CandidateStatsRow }) {
  const bars = histogramBars(row.histogram);
  if (bars.length === 0) return <Text size="sm">No ratings yet.</Text>;
  const spread = [
    ["Median", row.medianRating],
    ["Lowest", row.minRating],
    ["Highest", row.maxRating],
  ] as const;

  return (
    <Stack gap="xs">
      <Box
        component="ul"
        role="list"
        aria-label={`Ratings of ${name}`}
        m={0}
        p={0}
        style={{ listStyle: "none" }}
      >
        {bars.map((bar) => (
          <Box component="li" key={bar.rating} py={2}>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" w={80}>
                {`Rating ${bar.rating}`}
              </Text>
              <Box w={BAR_TRACK_WIDTH} h={12} bg="gray.1" aria-hidden="true" style={{ borderRadius: 2 }}>
                <Box
                  h="100%"
                  bg="blue.7"
                  style={{ width: `${Math.max(2, bar.share * 100)}%`, borderRadius: 2 }}
                />
              </Box>
              <Text size="sm">{reviewCountLabel(bar.count)}</Text>
            </Group>
          </Box>
        ))}
      </Box>
      <Group gap="lg">
        {spread.map(([label, value]) => (
          <Text size="sm" key={label}>
            {`${label}: ${formatDecimal(value) ?? "none"}`}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
