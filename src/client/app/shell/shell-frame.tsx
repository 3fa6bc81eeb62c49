import { Anchor, Box, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { TOP_BAR_HEIGHT_PX, TOP_BAR_MIN_WIDTH_PX } from "../../../shared/limits";
import { PageLoader } from "../../components/page-loader";
import type { AppRoute } from "../route-table";

/*
 * The frame of every signed-in page (the top bar's box and the page's <main>), shared by the shell and by
 * what a signed-in page shows before it: ShellPlaceholder below, which is also the page's first screen in
 * static HTML (src/client/first-paint/signed-in-shell.tsx; docs/decisions/042-signed-in-first-paint.md).
 * One frame for both, so the placeholder's logo and loader sit where the page's will.
 */

const BORDER = "1px solid var(--mantine-color-gray-3)";

/** The page under the top bar, the top bar above, at the top bar's minimum width unless compact. */
export function ShellFrame({
  compact,
  topBar,
  children,
}: {
  compact: boolean;
  topBar: ReactNode;
  children: ReactNode;
}) {
  return (
    // The staff pages keep the top bar's minimum width; the others fit a phone (decision 027).
    <Box miw={compact ? undefined : TOP_BAR_MIN_WIDTH_PX}>
      {topBar}
      <Box component="main" px={{ base: "sm", sm: "xl" }} py="lg">
        {children}
      </Box>
    </Box>
  );
}

/**
 * The top bar's box: one row of `row`, and under it (compact only) what folds under the menu button.
 * `compact`: a phone's bar (docs/decisions/035-phones.md).
 */
export function TopBarFrame({
  compact,
  row,
  folded,
}: {
  compact: boolean;
  row: ReactNode;
  folded?: ReactNode;
}) {
  if (compact) {
    return (
      <Box component="header" bg="white" style={{ borderBottom: BORDER }}>
        <Group h={TOP_BAR_HEIGHT_PX} px="sm" gap="sm" wrap="nowrap">
          {row}
        </Group>
        {folded}
      </Box>
    );
  }
  return (
    <Group
      component="header"
      h={TOP_BAR_HEIGHT_PX}
      miw={TOP_BAR_MIN_WIDTH_PX}
      px="md"
      gap="md"
      wrap="nowrap"
      bg="white"
      style={{ borderBottom: BORDER }}
    >
      {row}
    </Group>
  );
}

/** The heading a page's placeholder shows: its title, when that is its heading. */
export function placeholderHeading(route: Pick<AppRoute, "title" | "headingIsTitle">): string | undefined {
  return route.headingIsTitle ? route.title : undefined;
}

/** The logo's look: a link home in the top bar, plain text in the placeholder (nothing there is interactive). */
export const LOGO_PROPS = { fw: 700, fz: "lg", underline: "never" } as const;
export const APP_NAME = "DecisionHub";

/**
 * A signed-in page before the session and the shell's code are in: the top bar with the logo alone (who is
 * signed in is not known yet: no name, no menu) and the page's loader, under the page's heading when the
 * heading is known without data (`headingIsTitle` in the route table).
 */
export function ShellPlaceholder({ compact, heading }: { compact: boolean; heading?: string | undefined }) {
  return (
    <ShellFrame
      compact={compact}
      topBar={
        <TopBarFrame
          compact={compact}
          row={
            <Anchor component="span" {...LOGO_PROPS}>
              {APP_NAME}
            </Anchor>
          }
        />
      }
    >
      {heading === undefined ? (
        <PageLoader />
      ) : (
        // As the page lays out its heading while it loads (CurrentProgramPage).
        <Stack gap="lg">
          <Title order={1}>{heading}</Title>
          <PageLoader />
        </Stack>
      )}
    </ShellFrame>
  );
}
