import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { caughtMessageOf, errorPageState } from "../../lib/error-page-path";
import { backPathOf, ErrorPage, ErrorPageView } from "./error-page";

/** The error page at this address, with this history state, as the server renderer writes it. */
function renderAt(address: string, state: unknown = null): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter initialEntries={[{ pathname: "/common/error", search: address, state }]}>
          <ErrorPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, "");
}

describe("the error page", () => {
  it("shows what went wrong when the app itself opened it, with a way back", () => {
    const html = renderAt(
      "?code=500&message=Database%20unavailable&path=%2Fadmin%2Fallcandidates",
      errorPageState("Database unavailable"),
    );
    expect(html).toContain("There was a problem internally.");
    expect(html).toContain("What went wrong");
    expect(html).toContain("Database unavailable");
    expect(html).toContain("Try again");
    expect(html).toContain("Go to home page");
  });

  it("never shows an address's own message (anyone can build the link)", () => {
    const html = renderAt("?code=404&message=Call%20%2B1-555-0100%20to%20unlock");
    expect(html).toContain("Uh Oh! We cannot find what you are looking for.");
    expect(html).not.toContain("555-0100");
    expect(html).not.toContain("What went wrong");
  });

  it("gives the report's id once reported, and says so when the report failed", () => {
    const view = (reportId: string | null, reportFailed: boolean) =>
      renderToStaticMarkup(
        <MantineProvider>
          <MemoryRouter>
            <ErrorPageView
              code={null}
              caught={null}
              backPath={null}
              reportId={reportId}
              reportFailed={reportFailed}
            />
          </MemoryRouter>
        </MantineProvider>,
      );
    const reported = view("4f0c2a4e-8d1b-4c55-9a57-0d5e7c1b2a3f", false);
    expect(reported).toContain("Report id: 4f0c2a4e-8d1b-4c55-9a57-0d5e7c1b2a3f");
    expect(reported).toContain("quote this id");
    expect(view(null, true)).toContain("The error could not be reported.");
  });
});

describe("backPathOf and caughtMessageOf", () => {
  it("go back only to the app's own pages", () => {
    expect(backPathOf("/applications")).toBe("/applications");
    expect(backPathOf("//evil.example/x")).toBeNull();
    expect(backPathOf("https://evil.example")).toBeNull();
    expect(backPathOf("/common/error?code=500")).toBeNull();
    expect(backPathOf(null)).toBeNull();
  });

  it("read only a message the app put in the history state", () => {
    expect(caughtMessageOf(errorPageState("Boom"))).toBe("Boom");
    expect(caughtMessageOf(null)).toBeNull();
    expect(caughtMessageOf({ caughtMessage: 3 })).toBeNull();
    expect(caughtMessageOf({ caughtMessage: "  " })).toBeNull();
  });
});
