import { QueryCache, QueryClient } from "@tanstack/react-query";
import { openTwoFactorSetup } from "../features/auth/two-factor-setup-path";
import { ApiError } from "../lib/api-client";
import { openErrorPage } from "../lib/error-page-path";
import { notify } from "../lib/notify";
import { sessionKey } from "../lib/query-keys";

function shouldRetry(failureCount: number, error: unknown): boolean {
  // An API answer (4xx or 5xx) will not change on retry; a dropped connection might.
  return !(error instanceof ApiError) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.handlesErrors === true) return;
        // An expired session: forget the user so the guards send them to the sign-in card.
        if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(sessionKey, null);
        // An admin whose organization requires two-factor authentication they have not set up (decision 015).
        else if (error instanceof ApiError && error.code === "TWO_FACTOR_REQUIRED") openTwoFactorSetup();
        // Other 4xx answers are the page's to explain. Server failures, broken responses and a server that
        // cannot be reached open the error page, unless the page already shows data (a background refresh
        // failed): leaving then could throw away what the user is typing.
        else if (!(error instanceof ApiError) || error.status >= 500) {
          if (query.state.data !== undefined) notify(`Error refreshing data: ${error.message}`);
          else openErrorPage(error instanceof ApiError ? String(error.status) : "503", error.message);
        }
      },
    }),
  });
  return queryClient;
}
