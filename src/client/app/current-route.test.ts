import { describe, expect, it } from "vitest";
import { routeAt } from "./current-route";

describe("routeAt", () => {
  it("finds the row of the page the router shows for an address", () => {
    expect(routeAt("/form/link-1")?.path).toBe("/form/:linkId");
    expect(routeAt("/form/link-1/sub-1")?.path).toBe("/form/:linkId/:submissionId");
    expect(routeAt("/admin/form/program-1")?.path).toBe("/admin/form/:programId");
    expect(routeAt("/admin/form/edit/form-1/sub-1")?.title).toBe("Edit application");
    expect(routeAt("/submissions/legacy/program-1/app-1")?.title).toBe("Legacy Submission");
    expect(routeAt("/submissions/program-1/sub-1")?.title).toBe("Submission");
  });

  it("tells apart the two dashboards that share a page", () => {
    expect(routeAt("/admin/dashboard")?.group).toBe("ADMIN");
    expect(routeAt("/organization/dashboard")?.group).toBe("ORGANIZATION_ADMIN");
  });

  it("gives each address its own row when asked in turn, the same address again included", () => {
    expect(routeAt("/submissions/program-1/sub-1")?.title).toBe("Submission");
    expect(routeAt("/submissions/program-1/sub-1")?.title).toBe("Submission");
    expect(routeAt("/no-such-page")).toBeNull();
    expect(routeAt("/admin/dashboard")?.group).toBe("ADMIN");
    expect(routeAt("/admin/dashboard")?.group).toBe("ADMIN");
    expect(routeAt("/organization/dashboard")?.group).toBe("ORGANIZATION_ADMIN");
  });

  it("has no row for the root and unknown addresses (the router redirects them)", () => {
    expect(routeAt("/")).toBeNull();
    expect(routeAt("/no-such-page")).toBeNull();
    expect(routeAt("/form")).toBeNull();
  });
});
