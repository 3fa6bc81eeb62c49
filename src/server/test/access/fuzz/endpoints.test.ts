import { describe, expect, it } from "vitest";
import { ROUTE_CASES } from "../table";
import { AUTH_CALLS } from "./auth-calls";
import { endpointOf, FUZZED_ROUTES, openApiPath } from "./endpoints";

const served = [
  { method: "GET", path: "/api/programs/:id" },
  { method: "DELETE", path: "/api/programs/:id" },
  { method: "PATCH", path: "/api/programs/:id/name" },
  { method: "GET", path: "/api/files/public/*" },
  { method: "ALL", path: "/api/*" },
];
const noDocument = { paths: {} };

describe("the endpoints to fuzz", () => {
  it("spells a route's path the OpenAPI document's way", () => {
    expect(openApiPath("/api/programs/:programId/user/:userId")).toBe(
      "/api/programs/{programId}/user/{userId}",
    );
  });

  it("tells when a request lands on another route than its own (the catch-all is none)", () => {
    const endpoint = endpointOf("GET /api/programs/:id", noDocument, served);
    expect(endpoint.landsElsewhere("GET", "/api/programs/p1")).toBe(false);
    expect(endpoint.landsElsewhere("HEAD", "/api/programs/p1")).toBe(false);
    expect(endpoint.landsElsewhere("DELETE", "/api/programs/p1")).toBe(true);
    expect(endpoint.landsElsewhere("PUT", "/api/programs/p1")).toBe(false);
    expect(endpoint.landsElsewhere("PATCH", "/api/programs/p1/name")).toBe(true);
    expect(endpoint.landsElsewhere("GET", "/api/files/public/a/b.png")).toBe(true);
    expect(endpoint.landsElsewhere("POST", "/api/anything")).toBe(false);
    const member = endpointOf("DELETE /api/programs/:programId/user/:userId", noDocument, [
      ...served,
      { method: "DELETE", path: "/api/programs/:programId/user/:userId" },
    ]);
    // `/api/programs/p1/user/..` is `/api/programs/p1/`: the program, not the member.
    expect(member.landsElsewhere("DELETE", new URL("/api/programs/p1/user/..", "http://x").pathname)).toBe(
      true,
    );
    expect(member.landsElsewhere("DELETE", "/api/programs/p1/user/u1")).toBe(false);
  });

  it("knows a path that two routes match is the first one's, as the router does", () => {
    const routes = [
      { method: "GET", path: "/api/reviews/comments/:submissionId" },
      { method: "GET", path: "/api/reviews/:userId/:programId" },
    ];
    const comments = endpointOf("GET /api/reviews/comments/:submissionId", noDocument, routes);
    expect(comments.landsElsewhere("GET", "/api/reviews/comments/garbage")).toBe(false);
    const reviews = endpointOf("GET /api/reviews/:userId/:programId", noDocument, routes);
    expect(reviews.landsElsewhere("GET", "/api/reviews/comments/p1")).toBe(true);
  });

  it("starts from the matrix's calls, and better-auth's own endpoints on its wildcard routes", () => {
    expect(endpointOf("GET /api/programs/:id", noDocument, served).bases.map((b) => b.call)).toEqual([
      "GET /api/programs/{program}",
    ]);
    const auth = endpointOf("POST /api/auth/*", noDocument, served);
    const matrixCalls = ROUTE_CASES.filter((c) => c.route === "POST /api/auth/*").length;
    expect(matrixCalls).toBeGreaterThan(0);
    expect(auth.bases.length).toBe(matrixCalls + AUTH_CALLS["POST /api/auth/*"]!.length);
    expect(auth.pathParams).toEqual([{ name: "*", schema: { type: "string" } }]);
    expect(FUZZED_ROUTES).toContain("POST /api/auth/*");
  });
});
