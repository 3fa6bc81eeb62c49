import { Anchor, Box, Burger, Collapse, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useEffect, useId } from "react";
import { Link, useLocation } from "react-router";
import { FeedbackPopover } from "../../features/support/feedback-popover";
import { useCurrentProgram } from "../../lib/current-program";
import { useSignedInSession } from "../../lib/signed-in-session";
import type { AppRoute } from "../route-table";
import { AccountMenu } from "./account-menu";
import { PageMenu } from "./page-menu";
import { ProgramPicker } from "./program-picker";
import { APP_NAME, LOGO_PROPS, TopBarFrame } from "./shell-frame";

/**
 * `compact`: a committee member's or an applicant's page on a screen narrower than the bar (a phone): the
 * logo and the page menu stay, the program picker, feedback and account menu fold under a menu button
 * (docs/decisions/035-phones.md).
 */
export function TopBar({ route, compact = false }: { route: AppRoute; compact?: boolean }) {
  const { user, profile, actor } = useSignedInSession();
  // Applicants have no programs to pick from; everyone else's current program also decides the page menu.
  const currentProgram = useCurrentProgram(actor.applicant ? undefined : user.id);
  const showProgramPicker = !actor.applicant && !route.hideProgramPicker;

  const logo = (
    <Anchor component={Link} to="/redirect" {...LOGO_PROPS}>
      {APP_NAME}
    </Anchor>
  );
  const pageMenu = <PageMenu route={route} actor={actor} currentProgram={currentProgram.data ?? null} />;
  const programPicker = showProgramPicker && (
    <ProgramPicker userId={user.id} currentProgram={currentProgram.data ?? null} />
  );
  const userControls = (
    <>
      <FeedbackPopover userId={user.id} userName={profile.name} />
      <AccountMenu name={profile.name} email={profile.email} showAccountSettings={!actor.applicant} />
    </>
  );

  if (compact) {
    return (
      <CompactTopBar
        logo={logo}
        pageMenu={pageMenu}
        programPicker={programPicker}
        userControls={userControls}
      />
    );
  }
  return (
    <TopBarFrame
      compact={false}
      row={
        <>
          {logo}
          {programPicker}
          {pageMenu}
          <Box flex={1} />
          {userControls}
        </>
      }
    />
  );
}

function CompactTopBar({
  logo,
  pageMenu,
  programPicker,
  userControls,
}: {
  logo: ReactNode;
  pageMenu: ReactNode;
  programPicker: ReactNode;
  userControls: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const panelId = useId();
  // Another page: the folded controls close again.
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <TopBarFrame
      compact
      row={
        <>
          {logo}
          <Box flex={1} miw={0}>
            {pageMenu}
          </Box>
          <Burger
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label="Program and account"
            aria-expanded={opened}
            aria-controls={panelId}
          />
        </>
      }
      folded={
        <Collapse expanded={opened} keepMountedMode="display-none" id={panelId}>
          <Group px="sm" pb="sm" gap="sm">
            {programPicker}
            {userControls}
          </Group>
        </Collapse>
      }
    />
  );
}
