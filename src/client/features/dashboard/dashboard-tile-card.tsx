import { Anchor, Card, Group, Text, ThemeIcon, Title } from "@mantine/core";
import { useId } from "react";
import { Link } from "react-router";
import classes from "./dashboard-tile-card.module.css";
import type { DashboardTile } from "./dashboard-tiles";

/** One tile: a card that is clickable all over, with the title as its link and the description under it. */
export function DashboardTileCard({ tile }: { tile: DashboardTile }) {
  const descriptionId = useId();
  const Icon = tile.icon;
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={44} radius="md">
          <Icon size={26} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4">
            <Anchor
              component={Link}
              to={tile.to}
              className={classes.link}
              c="inherit"
              underline="hover"
              aria-describedby={tile.description === "" ? undefined : descriptionId}
            >
              {tile.title}
            </Anchor>
          </Title>
          {tile.description !== "" && (
            <Text id={descriptionId} size="sm" c="dimmed" mt={4}>
              {tile.description}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}
