import type { v2, v3 } from "@google-cloud/translate";
import type { Config } from "../config";
import type { TargetLanguage, TranslationProvider } from "./provider";
import { TranslationFailure } from "./provider";

/**
 * Google Cloud Translation through `@google-cloud/translate`: Basic (v2) with an API key, or Advanced
 * (v3) with the runtime's own credentials (a service account on Cloud Run / Cloud Functions, no key file)
 * and a project. v3 speaks REST (`fallback: "rest"`), not gRPC, so one HTTP stand-in serves the tests of
 * both editions and no gRPC port needs opening.
 */
type V3Options = NonNullable<ConstructorParameters<typeof v3.TranslationServiceClient>[0]>;

export interface GoogleTranslationOptions {
  /** Basic (v2): the API key. It goes to Google only, in the request's query, never to a browser or a log. */
  apiKey?: string;
  /** Advanced (v3): the project whose quota pays. */
  projectId?: string;
  /** Advanced (v3): the location of the model; "global" serves the general model. */
  location?: string;
  /** Another origin instead of Google's (`http://127.0.0.1:8089`): a stand-in speaking the same REST API. */
  endpoint?: string;
  /** How long one call may take before the whole translation gives up. */
  timeoutMs?: number;
  /**
   * v3's credentials when not the runtime's (tests: an OAuth2Client with a fixed token). Typed loosely:
   * google-gax holds its own copy of google-auth-library's types.
   */
  authClient?: object;
}

/** The provider the settings name: Basic when an API key is set, else Advanced when a project is; or none. */
export function translationProvider(
  config: Pick<
    Config,
    | "GOOGLE_TRANSLATE_API_KEY"
    | "GOOGLE_CLOUD_PROJECT"
    | "GOOGLE_TRANSLATE_LOCATION"
    | "GOOGLE_TRANSLATE_ENDPOINT"
  >,
): TranslationProvider | null {
  if (!config.GOOGLE_TRANSLATE_API_KEY && !config.GOOGLE_CLOUD_PROJECT) return null;
  return googleTranslation({
    apiKey: config.GOOGLE_TRANSLATE_API_KEY,
    projectId: config.GOOGLE_CLOUD_PROJECT,
    location: config.GOOGLE_TRANSLATE_LOCATION,
    endpoint: config.GOOGLE_TRANSLATE_ENDPOINT,
  });
}

/**
 * The limits Google documents per request: v2 takes at most 128 texts (`q`); both editions advise at most
 * 30,000 characters per request. A form's text is at most 5,000 characters, so every text fits alone.
 */
const BATCH = { texts: 128, characters: 30_000 };
const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The client library, loaded at the first translation: it is large (google-gax, protobufjs) and finds its
 * protos beside its own files, so the server bundle leaves it to Node (scripts/server-bundle.mjs) and a
 * server that never translates never loads it.
 */
let library: Promise<typeof import("@google-cloud/translate")> | undefined;
const translateLibrary = () => (library ??= import("@google-cloud/translate"));

export function googleTranslation(options: GoogleTranslationOptions): TranslationProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.apiKey) return basic(options.apiKey, options.endpoint, timeoutMs);
  if (options.projectId) return advanced(options, options.projectId, timeoutMs);
  throw new Error("Google translation needs an API key (Basic) or a project (Advanced).");
}

function basic(key: string, endpoint: string | undefined, timeoutMs: number): TranslationProvider {
  // No automatic retries: a failure reaches the administrator at once (nothing is changed, the results
  // already cached stay), instead of a request held for a minute of back-off.
  let client: v2.Translate | undefined;
  const clientNow = async () => {
    if (client) return client;
    const made = new (await translateLibrary()).v2.Translate({ key, autoRetry: false });
    if (endpoint) made.baseUrl = `${endpoint.replace(/\/+$/, "")}/language/translate/v2`;
    client = made;
    return made;
  };
  return {
    id: "google-v2",
    batch: BATCH,
    async translate(texts, target, source) {
      const translator = await clientNow();
      const [translations] = await withDeadline(
        translator.translate([...texts], { ...(source ? { from: source } : {}), to: target, format: "text" }),
        timeoutMs,
      );
      return checked(texts, Array.isArray(translations) ? translations : [translations]);
    },
  };
}

function advanced(
  options: GoogleTranslationOptions,
  projectId: string,
  timeoutMs: number,
): TranslationProvider {
  const url = options.endpoint ? new URL(options.endpoint) : null;
  // Made on the first translation, not at start-up: the client loads its protos and starts looking for
  // the runtime's credentials as soon as it exists.
  let client: v3.TranslationServiceClient | undefined;
  const clientNow = async () => {
    const { v3 } = await translateLibrary();
    client ??= new v3.TranslationServiceClient({
      fallback: "rest",
      projectId,
      ...(url
        ? {
            apiEndpoint: url.hostname,
            port: Number(url.port) || (url.protocol === "http:" ? 80 : 443),
            protocol: url.protocol.replace(":", ""),
          }
        : {}),
      ...(options.authClient ? { authClient: options.authClient as V3Options["authClient"] } : {}),
    });
    return client;
  };
  const parent = `projects/${projectId}/locations/${options.location ?? "global"}`;
  return {
    id: "google-v3",
    batch: BATCH,
    async translate(texts, target: TargetLanguage, source?: TargetLanguage) {
      const translator = await clientNow();
      const [response] = await withDeadline(
        translator.translateText(
          {
            parent,
            contents: [...texts],
            mimeType: "text/plain",
            ...(source ? { sourceLanguageCode: source } : {}),
            targetLanguageCode: target,
          },
          { timeout: timeoutMs, retry: null },
        ),
        timeoutMs,
      );
      return checked(
        texts,
        (response.translations ?? []).map((t) => t.translatedText ?? ""),
      );
    },
  };
}

/** One answer per text, or the provider misbehaved: nothing of it is used. */
function checked(texts: readonly string[], answers: readonly unknown[]): string[] {
  if (answers.length !== texts.length || answers.some((a) => typeof a !== "string")) {
    throw new TranslationFailure("unavailable", "answer-shape");
  }
  return answers as string[];
}

/** The call's answer, or a timeout failure once `ms` have passed (the late answer is ignored). */
async function withDeadline<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TranslationFailure("timeout", "deadline")), ms);
  });
  try {
    return await Promise.race([call, deadline]);
  } catch (error) {
    throw asFailure(error);
  } finally {
    clearTimeout(timer);
  }
}

/** gRPC status codes the v3 client reports (REST answers are mapped onto them). */
const RESOURCE_EXHAUSTED = 8;
const DEADLINE_EXCEEDED = 4;

/**
 * A quota refusal (v2: HTTP 429, or 403 with a "…LimitExceeded" reason; v3: RESOURCE_EXHAUSTED), a
 * timeout, or anything else (unavailable). Only the status is kept: the error's own text and request may
 * quote the API key (v2 sends it in the query).
 */
function asFailure(error: unknown): TranslationFailure {
  if (error instanceof TranslationFailure) return error;
  const e = error as { code?: unknown; errors?: { reason?: string }[]; name?: string };
  const code = typeof e?.code === "number" || typeof e?.code === "string" ? e.code : undefined;
  const reasons = (Array.isArray(e?.errors) ? e.errors : []).map((r) => r?.reason ?? "");
  const isV3 = typeof code === "number" && code < 100;
  if (
    (isV3 && code === RESOURCE_EXHAUSTED) ||
    code === 429 ||
    (code === 403 && reasons.some((r) => /limit|quota/i.test(r)))
  ) {
    return new TranslationFailure("quota", code);
  }
  if ((isV3 && code === DEADLINE_EXCEEDED) || e?.name === "AbortError") {
    return new TranslationFailure("timeout", code);
  }
  return new TranslationFailure("unavailable", code);
}
