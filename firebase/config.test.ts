import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/server/config";
import {
  functionEnvironment,
  loadFunctionConfig,
  PGLITE_REFUSED,
  SECRET_NAMES,
  STRING_PARAMS,
} from "./config";

/** What the Functions runtime hands a function of project demo-x, with the secrets it needs set. */
const RUNTIME = {
  FIREBASE_CONFIG: JSON.stringify({ projectId: "demo-x", storageBucket: "demo-x.firebasestorage.app" }),
  GCLOUD_PROJECT: "demo-x",
  GOOGLE_CLOUD_PROJECT: "demo-x",
  BETTER_AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
  DATABASE_URL: "postgres://app:pw@10.20.0.3:5432/decisionhub",
  SENDGRID_API_KEY: "SG.key",
  STRIPE_SECRET_KEY: "none",
  STRIPE_WEBHOOK_SECRET: "none",
  GOOGLE_TRANSLATE_API_KEY: "none",
};

describe("the function's configuration", () => {
  it("names only variables the Node server reads, so a param cannot silently do nothing", () => {
    // The server's schema keeps only the variables it knows.
    const everything = {
      ...RUNTIME,
      STRIPE_SECRET_KEY: "sk",
      STRIPE_WEBHOOK_SECRET: "wh",
      GOOGLE_TRANSLATE_API_KEY: "k",
    };
    const known = new Set(
      Object.keys(loadConfig(functionEnvironment({ ...everything, MACHINE_TRANSLATION: "basic" }))),
    );
    const names = [...Object.keys(STRING_PARAMS), ...SECRET_NAMES].filter((n) => n !== "MACHINE_TRANSLATION");
    expect(names.filter((name) => !known.has(name))).toEqual([]);
  });

  it("is production on PostgreSQL, API only, with the project's bucket and Hosting's client address", () => {
    const config = loadFunctionConfig(RUNTIME);
    expect(config).toMatchObject({
      NODE_ENV: "production",
      SERVE_CLIENT: false,
      DEMO_DATA: false,
      DATABASE_URL: RUNTIME.DATABASE_URL,
      DATABASE_POOL_SIZE: 4,
      STORAGE_URL: { driver: "gcs", bucket: "demo-x.firebasestorage.app" },
      TRUST_PROXY: "firebase",
      publicUrl: "https://demo-x.web.app",
      SENDGRID_API_KEY: "SG.key",
    });
  });

  it("leaves a secret set to none unset: billing and the API key stay off", () => {
    const config = loadFunctionConfig(RUNTIME);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(config.GOOGLE_TRANSLATE_API_KEY).toBeUndefined();
  });

  it("turns machine translation on only when asked, though the runtime always names the project", () => {
    expect(loadFunctionConfig(RUNTIME).GOOGLE_CLOUD_PROJECT).toBeUndefined();
    const advanced = loadFunctionConfig({ ...RUNTIME, MACHINE_TRANSLATION: "advanced" });
    expect(advanced.GOOGLE_CLOUD_PROJECT).toBe("demo-x");
    const basic = loadFunctionConfig({
      ...RUNTIME,
      MACHINE_TRANSLATION: "basic",
      GOOGLE_TRANSLATE_API_KEY: "AIza",
    });
    expect(basic).toMatchObject({ GOOGLE_TRANSLATE_API_KEY: "AIza" });
    expect(basic.GOOGLE_CLOUD_PROJECT).toBeUndefined();
    expect(() => loadFunctionConfig({ ...RUNTIME, MACHINE_TRANSLATION: "yes" })).toThrow(
      /MACHINE_TRANSLATION/,
    );
  });

  it("takes the params' values over the defaults", () => {
    const config = loadFunctionConfig({
      ...RUNTIME,
      PUBLIC_URL: "https://grants.example.org",
      STORAGE_URL: "s3://files?endpoint=http://127.0.0.1:9000&forcePathStyle=true",
      DATABASE_POOL_SIZE: "2",
      TRUST_PROXY: "2",
    });
    expect(config).toMatchObject({
      publicUrl: "https://grants.example.org",
      STORAGE_URL: { driver: "s3", bucket: "files" },
      DATABASE_POOL_SIZE: 2,
      TRUST_PROXY: 2,
    });
  });

  it("refuses the embedded database, saying why and what to set", () => {
    const { DATABASE_URL: _, ...withoutDatabase } = RUNTIME;
    expect(() => loadFunctionConfig(withoutDatabase)).toThrow(PGLITE_REFUSED);
    expect(() => loadFunctionConfig({ ...RUNTIME, DATABASE_URL: "none" })).toThrow(
      /needs a PostgreSQL server/,
    );
    expect(() => loadFunctionConfig({ ...RUNTIME, DATABASE_URL: "file:///tmp/pglite" })).toThrow(
      /needs a PostgreSQL server/,
    );
  });

  it("refuses files on the instance's disk", () => {
    expect(() => loadFunctionConfig({ ...RUNTIME, STORAGE_URL: "file:///tmp/files" })).toThrow(
      /no lasting disk/,
    );
  });

  it("needs the auth secret and a mail provider, as the server does in production", () => {
    const { BETTER_AUTH_SECRET: _, ...withoutSecret } = RUNTIME;
    expect(() => loadFunctionConfig(withoutSecret)).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => loadFunctionConfig({ ...RUNTIME, SENDGRID_API_KEY: "none" })).toThrow(/No mail provider/);
    expect(
      functionEnvironment({ ...RUNTIME, SENDGRID_API_KEY: "none", ALLOW_NO_MAIL_PROVIDER: "on" }),
    ).toMatchObject({ ALLOW_NO_MAIL_PROVIDER: "on" });
  });
});
