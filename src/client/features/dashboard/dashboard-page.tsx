import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useCurrentRoute } from "../../app/current-route";
import { ROUTES } from "../../app/route-table";
import { PageLoader } from "../../components/page-loader";
import { useCurrentProgram } from "../../lib/current-program";
import { useSignedInSession } from "../../lib/signed-in-session";
import { DashboardTileCard } from "./dashboard-tile-card";
import { dashboardTiles } from "./dashboard-tiles";

/** /admin/dashboard and /organization/dashboard: a tile for every admin page this user may open. */
export function DashboardPage() {
  const { user, actor } = useSignedInSession();
  const route = useCurrentRoute();
  // Admin pages are about the current program: it decides which of them the user may open, and fills their paths.
  const currentProgram = useCurrentProgram(user.id);

  if (route === null || currentProgram.isPending) return <PageLoader />;
  const tiles = dashboardTiles(ROUTES, route.path, actor, currentProgram.data ?? null);

  return (
    <Stack gap="lg">
      <Title order={1}>{route.title}</Title>
      {tiles.length === 0 ? (
        <Text>There are no pages to administer here yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {tiles.map((tile) => (
            <DashboardTileCard key={tile.to} tile={tile} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
