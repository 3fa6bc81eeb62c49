import { Anchor, Box, Group } from "@mantine/core";
import { Link } from "react-router";
import { TOP_BAR_HEIGHT_PX, TOP_BAR_MIN_WIDTH_PX } from "../../../shared/limits";
import { FeedbackPopover } from "../../features/support/feedback-popover";
import { useCurrentProgram } from "../../lib/current-program";
import { useSignedInSession } from "../../lib/signed-in-session";
import type { AppRoute } from "../route-table";
import { AccountMenu } from "./account-menu";
import { PageMenu } from "./page-menu";
import { ProgramPicker } from "./program-picker";

export function TopBar({ route }: { route: AppRoute }) {
  const { user, profile, actor } = useSignedInSession();
  // Applicants have no programs to pick from; everyone else's current program also decides the page menu.
  const currentProgram = useCurrentProgram(actor.applicant ? undefined : user.id);
  const showProgramPicker = !actor.applicant && !route.hideProgramPicker;

  return (
    <Group
      component="header"
      h={TOP_BAR_HEIGHT_PX}
      miw={TOP_BAR_MIN_WIDTH_PX}
      px="md"
      gap="md"
      wrap="nowrap"
      bg="white"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
    >
      <Anchor component={Link} to="/redirect" fw={700} fz="lg" underline="never">
        DecisionHub
      </Anchor>
      {showProgramPicker && <ProgramPicker userId={user.id} currentProgram={currentProgram.data ?? null} />}
      <PageMenu route={route} actor={actor} currentProgram={currentProgram.data ?? null} />
      <Box flex={1} />
      <FeedbackPopover userId={user.id} userName={profile.name} />
      <AccountMenu name={profile.name} email={profile.email} showAccountSettings={!actor.applicant} />
    </Group>
  );
}
