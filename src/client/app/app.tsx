import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { createQueryClient } from "./query-client";
import { router } from "./router";
import { cssVariablesResolver, theme } from "./theme";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    // A forced light scheme: no colour-scheme script is needed (the CSP forbids inline scripts).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
