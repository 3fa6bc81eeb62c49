import { Anchor, Paper, Progress, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import type { DashboardFigures } from "../../../shared/schemas/committee";

const number = (n: number) => n.toLocaleString("en-US");
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

interface FigureProps {
  label: string;
  value: string;
  detail: string;
  /** Where the figure comes from: the page that shows it in full. */
  to: string;
  linkLabel: string;
  progress?: number;
}

function Figure({ label, value, detail, to, linkLabel, progress }: FigureProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {progress !== undefined && <Progress value={progress} my="xs" aria-label={`${label}: ${progress}%`} />}
      <Text size="sm">{detail}</Text>
      <Anchor component={Link} to={to} size="sm">
        {linkLabel}
      </Anchor>
    </Paper>
  );
}

/**
 * Where the current program stands, above the admin dashboard's tiles (docs/decisions/039-navigation-and-builder.md):
 * applications submitted, the committee's ratings done of those expected, the decisions made.
 */
export function DashboardFiguresPanel({ figures }: { figures: DashboardFigures }) {
  const { submitted, reviews, decisions } = figures;
  const decided = decisions.approved + decisions.disapproved;
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      spacing="lg"
      component="section"
      aria-label="Where the program stands"
    >
      <Figure
        label="Submitted applications"
        value={number(submitted)}
        detail="Submitted and not marked as test."
        to="/admin/allcandidates"
        linkLabel="Open Candidate Statistics"
      />
      <Figure
        label="Reviews done"
        value={`${number(reviews.done)} of ${number(reviews.expected)}`}
        progress={percent(reviews.done, reviews.expected)}
        detail="Ratings the committee has given, of the candidates each member has to rate."
        to="/admin/committeereview"
        linkLabel="Open Reviewer Statistics"
      />
      <Figure
        label="Decisions made"
        value={`${number(decided)} of ${number(submitted)}`}
        progress={percent(decided, submitted)}
        detail={`${number(decisions.approved)} approved, ${number(decisions.disapproved)} disapproved, ${number(decisions.pending)} pending.`}
        to="/admin/allcandidates"
        linkLabel="Take decisions"
      />
    </SimpleGrid>
  );
}
