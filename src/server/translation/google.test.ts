import { OAuth2Client } from "google-auth-library";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MACHINE_TRANSLATION_MESSAGES } from "../../shared/forms/french-texts";
import { startTranslateStandIn, type TranslateStandIn } from "../test/google-translate-stand-in";
import { googleTranslation, translationProvider } from "./google";
import { TranslationFailure } from "./provider";

let standIn: TranslateStandIn;
beforeAll(async () => {
  standIn = await startTranslateStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.calls.length = 0;
  standIn.fail = null;
  standIn.hang = false;
});

/** v3 with a fixed token instead of the runtime's credentials (which would ask a metadata server). */
function advanced(timeoutMs?: number) {
  const authClient = new OAuth2Client();
  authClient.setCredentials({ access_token: "stand-in-token" });
  return googleTranslation({ projectId: "demo-project", endpoint: standIn.url, authClient, timeoutMs });
}
const basic = (timeoutMs?: number) =>
  googleTranslation({ apiKey: "test-key-123", endpoint: standIn.url, timeoutMs });

const markup = 'Tom & Jerry <b>"bold"</b> it\'s 5 < 6';

describe.each([
  ["Basic (v2)", basic, "v2"],
  ["Advanced (v3)", advanced, "v3"],
] as const)("Google Cloud Translation %s, through @google-cloud/translate", (_, provider, edition) => {
  it("sends the texts in one call, as plain text from English into French, and keeps their order", async () => {
    const answers = await provider().translate(["Name", markup, "Budget"], "fr", "en");
    expect(answers).toEqual(["FR:Name", `FR:${markup}`, "FR:Budget"]);
    expect(standIn.calls).toHaveLength(1);
    expect(standIn.calls[0]).toMatchObject({
      edition,
      texts: ["Name", markup, "Budget"],
      target: "fr",
      source: "en",
      format: edition === "v2" ? "text" : "text/plain",
      credential: edition === "v2" ? "test-key-123" : "stand-in-token",
    });
    if (edition === "v3") {
      expect(standIn.calls[0]!.path).toBe("/v3/projects/demo-project/locations/global:translateText");
    }
  });

  it("lets the provider detect the language when none is given", async () => {
    expect(await provider().translate(["Bonjour"], "en")).toEqual(["EN:Bonjour"]);
    expect(standIn.calls[0]).toMatchObject({ texts: ["Bonjour"], target: "en", source: undefined });
  });

  it("reports a quota refusal as such, with nothing but its status", async () => {
    standIn.fail =
      edition === "v2"
        ? { status: 403, reason: "dailyLimitExceeded" }
        : { status: 429, reason: "RESOURCE_EXHAUSTED" };
    const failure = await provider()
      .translate(["Name"], "fr")
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TranslationFailure);
    expect(failure).toMatchObject({ kind: "quota", message: MACHINE_TRANSLATION_MESSAGES.quota });
    expect(JSON.stringify(failure)).not.toContain("test-key-123");
  });

  it("reports a server error as unavailable, once (no retries holding the administrator)", async () => {
    standIn.fail = { status: 500, reason: edition === "v2" ? "backendError" : "INTERNAL" };
    await expect(provider().translate(["Name"], "fr")).rejects.toMatchObject({ kind: "unavailable" });
    expect(standIn.calls).toHaveLength(1);
  });

  it("gives up at its deadline", async () => {
    standIn.hang = true;
    await expect(provider(50).translate(["Name"], "fr")).rejects.toMatchObject({
      kind: "timeout",
      message: MACHINE_TRANSLATION_MESSAGES.timeout,
    });
  });
});

describe("the provider the settings name", () => {
  const none = { GOOGLE_TRANSLATE_LOCATION: "global" };
  it("is none without a key or a project", () => {
    expect(translationProvider(none)).toBeNull();
  });
  it("is Basic with a key (even with a project), Advanced with a project alone", () => {
    expect(
      translationProvider({ ...none, GOOGLE_TRANSLATE_API_KEY: "k", GOOGLE_CLOUD_PROJECT: "p" })?.id,
    ).toBe("google-v2");
    expect(translationProvider({ ...none, GOOGLE_CLOUD_PROJECT: "p" })?.id).toBe("google-v3");
  });
});
