import { Box, Card, Container } from "@mantine/core";
import type { ReactNode } from "react";
import { RedirectNoticeAlert } from "./redirect-notice-alert";

/**
 * The centred card of the pages without a top bar (sign-in, sign-up, error): one <main> per page. Above it,
 * why a redirect brought the visitor here, if one did (an unknown address, signed out).
 */
export function PublicPageFrame({ children, width = 420 }: { children: ReactNode; width?: number }) {
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={64}>
      <Container size={width} px="md">
        <RedirectNoticeAlert />
        <Card withBorder shadow="sm" padding="xl" radius="md">
          {children}
        </Card>
      </Container>
    </Box>
  );
}
