import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useCurrentRoute } from "../../app/current-route";
import { ROUTES } from "../../app/route-table";
import { PageLoader } from "../../components/page-loader";
import { useCurrentProgram } from "../../lib/current-program";
import { useSignedInSession } from "../../lib/signed-in-session";
import { useDashboardFigures } from "./api";
import { DashboardFiguresPanel } from "./dashboard-figures";
import { DashboardTileCard } from "./dashboard-tile-card";
import { dashboardTiles } from "./dashboard-tiles";

/** The admin dashboard (not the organization's) also shows where the current program stands. */
const ADMIN_DASHBOARD = "/admin/dashboard";

/** /admin/dashboard and /organization/dashboard: a tile for every admin page this user may open. */
export function DashboardPage() {
  const { user, actor } = useSignedInSession();
  const route = useCurrentRoute();
  // Admin pages are about the current program: it decides which of them the user may open, and fills their paths.
  const currentProgram = useCurrentProgram(user.id);
  const programId = route?.path === ADMIN_DASHBOARD ? (currentProgram.data?.id ?? null) : null;
  const figures = useDashboardFigures(user.id, programId);

  if (route === null || currentProgram.isPending) return <PageLoader />;
  const tiles = dashboardTiles(ROUTES, route.path, actor, currentProgram.data ?? null);

  return (
    <Stack gap="lg">
      <Title order={1}>{route.title}</Title>
      {figures.data !== undefined && <DashboardFiguresPanel figures={figures.data} />}
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
