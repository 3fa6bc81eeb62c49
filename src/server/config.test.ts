import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig: PGLITE_SHARED_BUFFERS", () => {
  it("defaults to 16MB (the embedded database's buffer cache; decision 018)", () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS).toBe("16MB");
  });

  it("takes a size in kB, MB or GB", () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "64MB" }).PGLITE_SHARED_BUFFERS).toBe("64MB");
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "512kB" }).PGLITE_SHARED_BUFFERS).toBe("512kB");
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "16" })).toThrow(
      "Invalid configuration:\n  PGLITE_SHARED_BUFFERS: a size such as 16MB",
    );
  });
});

describe("loadConfig: HOST", () => {
  it("listens on this machine only outside production unless HOST is set", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("listens on every interface in production, as deployments behind a proxy or in a container expect", () => {
    expect(loadConfig({ ...production, SMTP_URL: "smtp://mail.example.test" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ ...production, SMTP_URL: "smtp://mail.example.test", HOST: "10.0.0.5" }).HOST).toBe(
      "10.0.0.5",
    );
  });
});

const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: "p".repeat(32) };

describe("loadConfig: a mail provider in production", () => {
  it("refuses to start without one, naming the variables", () => {
    expect(() => loadConfig(production)).toThrow(
      /^No mail provider: set SMTP_URL or SENDGRID_API_KEY in production .* or ALLOW_NO_MAIL_PROVIDER=on/,
    );
  });

  it("starts with SMTP, SendGrid, or the explicit opt-out; outside production none is needed", () => {
    expect(loadConfig({ ...production, SMTP_URL: "smtp://mail.example.test" }).NODE_ENV).toBe("production");
    expect(loadConfig({ ...production, SENDGRID_API_KEY: "SG.key" }).NODE_ENV).toBe("production");
    expect(loadConfig({ ...production, ALLOW_NO_MAIL_PROVIDER: "on" }).ALLOW_NO_MAIL_PROVIDER).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).NODE_ENV).toBe("development");
  });
});

describe("loadConfig: STORAGE_URL", () => {
  it("is the disk under DATA_DIR when unset or file://, and a folder with file:///path", () => {
    expect(loadConfig({}).STORAGE_URL).toEqual({ driver: "disk", root: null });
    expect(loadConfig({ STORAGE_URL: "file://" }).STORAGE_URL).toEqual({ driver: "disk", root: null });
    expect(loadConfig({ STORAGE_URL: "file:///srv/files%20here" }).STORAGE_URL).toEqual({
      driver: "disk",
      root: "/srv/files here",
    });
  });

  it("names an S3-compatible bucket with its endpoint, region and addressing style", () => {
    expect(
      loadConfig({
        STORAGE_URL:
          "s3://my-bucket?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-west-3&forcePathStyle=true",
      }).STORAGE_URL,
    ).toEqual({
      driver: "s3",
      bucket: "my-bucket",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-3",
      forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_URL: "s3://my-bucket" }).STORAGE_URL).toEqual({
      driver: "s3",
      bucket: "my-bucket",
      region: "us-east-1",
      forcePathStyle: false,
    });
    expect(loadConfig({ STORAGE_URL: "gs://my-bucket" }).STORAGE_URL).toEqual({
      driver: "gcs",
      bucket: "my-bucket",
    });
  });

  it("refuses anything else, naming the variable and the forms it takes", () => {
    for (const bad of [
      "ftp://x",
      "s3://",
      "s3://UPPER",
      "s3://b?endpoint=not a url",
      "gs://a",
      "/srv/files",
    ]) {
      expect(() => loadConfig({ STORAGE_URL: bad }), bad).toThrow(
        /STORAGE_URL: file:\/\/\/absolute\/folder, s3:\/\//,
      );
    }
  });
});
