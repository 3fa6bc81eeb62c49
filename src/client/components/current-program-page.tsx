import { Stack, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import type { UserProgram } from "../../shared/schemas/users";
import { useCurrentProgram } from "../lib/current-program";
import { useSignedInSession } from "../lib/signed-in-session";
import { PageLoader } from "./page-loader";

interface CurrentProgramPageProps {
  /** The page's title, shown while the current program loads, and with `noProgram` when there is none. */
  title: string;
  noProgram: string;
  /** The page for the current program: rendered keyed by program, so picking another starts it afresh. */
  children: (context: { userId: string; program: UserProgram }) => ReactNode;
}

/** A page about the current program: waits for it, says why when it fails or there is none. */
export function CurrentProgramPage({ title, noProgram, children }: CurrentProgramPageProps) {
  const { user } = useSignedInSession();
  const currentProgram = useCurrentProgram(user.id);

  // The title stays where the page's first screen drew it (docs/decisions/042-signed-in-first-paint.md).
  if (currentProgram.isPending) {
    return (
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <PageLoader />
      </Stack>
    );
  }
  if (currentProgram.isError) {
    return <Text c="red.9">Error loading your current program: {currentProgram.error.message}</Text>;
  }
  // The guards let an organization admin in without a current program.
  if (currentProgram.data === null) {
    return (
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Text>{noProgram}</Text>
      </Stack>
    );
  }
  return (
    <Fragment key={currentProgram.data.id}>
      {children({ userId: user.id, program: currentProgram.data })}
    </Fragment>
  );
}
