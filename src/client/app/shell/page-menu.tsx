import { ActionIcon, Group, Menu, Text } from "@mantine/core";
import { Fragment, useId } from "react";
import { Link } from "react-router";
import { type Actor, type CurrentProgramRef, canOpenRouteGroup } from "../../../shared/authz";
import { MESSAGES } from "../../../shared/messages";
import { ChevronDownIcon } from "../../components/icons";
import { type AppRoute, MENU_AREAS, type MenuArea, ROUTES } from "../route-table";

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

/** The pages under their areas' headings, areas in the menu's order, empty areas left out. */
export function pagesByArea(pages: readonly AppRoute[]): { area: MenuArea; pages: AppRoute[] }[] {
  return MENU_AREAS.map((area) => ({ area, pages: pages.filter((page) => page.menuArea === area) })).filter(
    (group) => group.pages.length > 0,
  );
}

interface PageMenuProps {
  route: AppRoute;
  actor: Actor;
  currentProgram: CurrentProgramRef | null;
}

export function PageMenu({ route, actor, currentProgram }: PageMenuProps) {
  const groups = pagesByArea(otherOpenablePages(route, actor, currentProgram));
  const labelId = useId();
  return (
    // Shrinks (the title cut short) rather than pushing the bar wider on a phone.
    <Group gap={4} wrap="nowrap" miw={0}>
      <Text fw={600} fz="lg" truncate>
        {route.title}
      </Text>
      <Menu position="bottom-start" width={260}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="dark" aria-label="Page menu">
            <ChevronDownIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {groups.length === 0 ? (
            // A disabled item rather than loose text: a role="menu" may only contain items.
            <Menu.Item disabled>{MESSAGES.noOtherPages}</Menu.Item>
          ) : (
            groups.map((group, index) => (
              <Fragment key={group.area}>
                {index > 0 && <Menu.Divider />}
                {/* Each area is a group named by its heading, so a screen reader says where an item belongs. */}
                {/* biome-ignore lint/a11y/useSemanticElements: a group of menu items, not of form fields (a fieldset's). */}
                <div role="group" aria-labelledby={`${labelId}-${index}`}>
                  <Menu.Label id={`${labelId}-${index}`}>{group.area}</Menu.Label>
                  {group.pages.map((page) => (
                    <Menu.Item key={page.path} component={Link} to={page.path}>
                      {page.title}
                    </Menu.Item>
                  ))}
                </div>
              </Fragment>
            ))
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
