import { ActionIcon, Group, Menu, Text } from "@mantine/core";
import { Link } from "react-router";
import { type Actor, type CurrentProgramRef, canOpenRouteGroup } from "../../../shared/authz";
import { MESSAGES } from "../../../shared/messages";
import { ChevronDownIcon } from "../../components/icons";
import { type AppRoute, ROUTES } from "../route-table";

/** Pages of the route table this user may open, other than the one on screen. */
function otherOpenablePages(
  current: AppRoute,
  actor: Actor,
  currentProgram: CurrentProgramRef | null,
): AppRoute[] {
  return ROUTES.filter(
    (route) =>
      route.showInPageMenu &&
      route.path !== current.path &&
      // Paths with parameters need a resource to point at; they are reached from their pages instead.
      !route.path.includes(":") &&
      canOpenRouteGroup(actor, route.group, currentProgram),
  );
}

interface PageMenuProps {
  route: AppRoute;
  actor: Actor;
  currentProgram: CurrentProgramRef | null;
}

export function PageMenu({ route, actor, currentProgram }: PageMenuProps) {
  const pages = otherOpenablePages(route, actor, currentProgram);
  return (
    // Shrinks (the title cut short) rather than pushing the bar wider on a phone.
    <Group gap={4} wrap="nowrap" miw={0}>
      <Text fw={600} fz="lg" truncate>
        {route.title}
      </Text>
      <Menu position="bottom-start" width={240}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="dark" aria-label="Page menu">
            <ChevronDownIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {pages.length === 0 ? (
            // A disabled item rather than loose text: a role="menu" may only contain items.
            <Menu.Item disabled>{MESSAGES.noOtherPages}</Menu.Item>
          ) : (
            pages.map((page) => (
              <Menu.Item key={page.path} component={Link} to={page.path}>
                {page.title}
              </Menu.Item>
            ))
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
