import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALE_CHOICES } from "../../shared/forms/model";
import { ACTORS, type ActorName, type Caller, signInActors } from "../test/access/actors";
import { placeholderValue } from "../test/access/placeholders";
import { callAs, eachActor } from "../test/access/run-case";
import { ROUTE_CASES } from "../test/access/table";
import { buildWorld, type World } from "../test/access/world";
import { createTestApp } from "../test/harness";
import { operationIdOf } from "./openapi-document";

/**
 * The OpenAPI document (GET /api/openapi.json) checked by an independent validator, and the live answer
 * of every GET the access matrix makes, as every actor, checked against what the document says of that
 * status (docs/decisions/030-smaller-spec-points.md).
 */

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

let world: World;
let callers: Record<ActorName, Caller>;
let doc: Document;

beforeAll(async () => {
  const t = await createTestApp();
  world = await buildWorld(t);
  callers = await signInActors(world);
  doc = (await (await t.request("/api/openapi.json")).json()) as Document;
}, 180_000);
afterAll(() => world?.t.close());

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for an independent validator", async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("gives every operation an operationId, each its own", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf("get", "/api/users/{userId}/programs")).toBe("getUsersByUserIdPrograms");
    expect(operationIdOf("post", "/api/files/signedUrl/public/putObject")).toBe(
      "postFilesSignedUrlPublicPutObject",
    );
  });

  it("states every scale and file count the API accepts, not only the first", () => {
    const text = JSON.stringify(doc);
    const scales = [...text.matchAll(/"maxScale":\{[^}]*"enum":(\[[^\]]*\])/g)].map((m) => m[1]);
    expect(scales.length).toBeGreaterThan(0);
    expect(new Set(scales)).toEqual(new Set([JSON.stringify(SCALE_CHOICES)]));
    expect(text).not.toMatch(/"maxFiles":\{[^}]*"enum":\[1\]/);
  });

  it("documents sign-in, sign-out, the session and two-factor authentication", () => {
    for (const [method, path] of [
      ["post", "/api/auth/sign-in/email"],
      ["post", "/api/auth/sign-out"],
      ["get", "/api/auth/get-session"],
      ["get", "/api/auth/two-factor/requirement"],
      ["post", "/api/auth/two-factor/enable"],
      ["post", "/api/auth/two-factor/verify-totp"],
      ["post", "/api/auth/two-factor/verify-backup-code"],
      ["post", "/api/auth/two-factor/disable"],
      ["post", "/api/auth/two-factor/generate-backup-codes"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});

/** A validator per documented answer (path, method, status), the document's components beside it. */
function answerValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const compiled = new Map<string, ValidateFunction | null>();
  return (path: string, method: string, status: number): ValidateFunction | null | undefined => {
    const key = `${method} ${path} ${status}`;
    if (!compiled.has(key)) {
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      const response = responses[String(status)] ?? responses.default;
      if (response === undefined) return undefined;
      const schema = response.content?.["application/json"]?.schema;
      compiled.set(key, schema ? ajv.compile({ ...schema, components: doc.components }) : null);
    }
    return compiled.get(key);
  };
}

/** The document's path of a matrix route: `GET /api/programs/:id` → `/api/programs/{id}`. */
const documentPath = (route: string) => route.split(" ")[1]!.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("live answers of every GET, as every actor, match the document", () => {
  it("for every GET the document lists", async () => {
    const validatorOf = answerValidator();
    const gets = ROUTE_CASES.filter(
      (c) => c.route.startsWith("GET ") && doc.paths[documentPath(c.route)]?.get,
    );
    const problems: string[] = [];
    const answered = new Map<string, Set<number>>();
    for (const c of gets) {
      const path = documentPath(c.route);
      const answers = await eachActor(c, ACTORS, (actor) => {
        const me = callers[actor];
        return callAs(world, me, c, (name) => placeholderValue(name, { world, o: world.A, me }));
      });
      for (const [i, answer] of answers.entries()) {
        const actor = ACTORS[i]!;
        const statuses = answered.get(path) ?? new Set<number>();
        statuses.add(answer.status);
        answered.set(path, statuses);
        const validate = validatorOf(path, "get", answer.status);
        const where = `${actor}: ${answer.request} → ${answer.status}`;
        if (validate === undefined) {
          problems.push(`${where}: status not in the document`);
          continue;
        }
        if (validate === null) continue;
        let body: unknown;
        try {
          body = JSON.parse(answer.text);
        } catch {
          problems.push(`${where}: not JSON`);
          continue;
        }
        if (!validate(body)) problems.push(`${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      }
    }
    expect(problems).toEqual([]);
    // Every documented GET was asked, and answered 200 to someone.
    const documentedGets = operations()
      .filter(({ method, path }) => method === "get" && !path.startsWith("/api/auth/"))
      .map(({ path }) => path);
    expect(documentedGets.filter((path) => !answered.get(path)?.has(200))).toEqual([]);
  }, 300_000);

  it("for better-auth's session and two-factor status", async () => {
    const validatorOf = answerValidator();
    const problems: string[] = [];
    for (const path of ["/api/auth/get-session", "/api/auth/two-factor/requirement"]) {
      for (const actor of ["anonymous", "owner", "orgAdmin"] as const) {
        const res = await world.t.request(path, { cookie: callers[actor].cookie });
        const validate = validatorOf(path, "get", res.status);
        const body = await res.json();
        if (!validate) problems.push(`${actor} ${path} → ${res.status}: not in the document`);
        else if (!validate(body)) problems.push(`${actor} ${path}: ${JSON.stringify(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
