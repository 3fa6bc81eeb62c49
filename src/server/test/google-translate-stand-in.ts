import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server speaking Google Cloud Translation's REST shapes, for the tests (no network beyond
 * 127.0.0.1): Basic `POST /language/translate/v2?key=…` ({q, source, target, format} →
 * {data: {translations: [{translatedText}]}}) and Advanced
 * `POST /v3/projects/{project}/locations/{location}:translateText` ({contents, mimeType,
 * sourceLanguageCode, targetLanguageCode} → {translations: [{translatedText}]}). Its translation is the
 * text with the target language before it ("FR:Name"), unless `translate` says otherwise; `fail` makes it answer an error the
 * way Google does, `hang` makes it never answer.
 */
export interface StandInCall {
  edition: "v2" | "v3";
  path: string;
  /** The v2 API key from the query, or v3's bearer token. */
  credential: string | null;
  texts: string[];
  target: string;
  source: string;
  format: string;
}

export interface TranslateStandIn {
  url: string;
  calls: StandInCall[];
  translate: (text: string, target: string) => string;
  /** The next calls answer this HTTP status with Google's error body (a reason for v2, a status for v3). */
  fail: { status: number; reason: string } | null;
  hang: boolean;
  close(): Promise<void>;
}

export async function startTranslateStandIn(): Promise<TranslateStandIn> {
  const held: ServerResponse[] = [];
  const standIn: TranslateStandIn = {
    url: "",
    calls: [],
    translate: (text, target) => `${target.toUpperCase()}:${text}`,
    fail: null,
    hang: false,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || "{}");
    const url = new URL(req.url ?? "/", "http://stand-in");
    const v3 = /^\/v3\/projects\/[^/]+\/locations\/[^/:]+:translateText$/.exec(url.pathname);
    const v2 = url.pathname === "/language/translate/v2";
    if (req.method !== "POST" || (!v2 && !v3))
      return send(res, 404, { error: { code: 404, message: "Not Found" } });
    const call: StandInCall = v2
      ? {
          edition: "v2",
          path: url.pathname,
          credential: url.searchParams.get("key"),
          texts: body.q,
          target: body.target,
          source: body.source,
          format: body.format,
        }
      : {
          edition: "v3",
          path: url.pathname,
          credential: req.headers.authorization?.replace(/^Bearer /, "") ?? null,
          texts: body.contents,
          target: body.targetLanguageCode,
          source: body.sourceLanguageCode,
          format: body.mimeType,
        };
    standIn.calls.push(call);
    if (standIn.hang) {
      held.push(res);
      return;
    }
    if (standIn.fail) {
      const { status, reason } = standIn.fail;
      return send(
        res,
        status,
        v2
          ? {
              error: {
                code: status,
                message: `Refused: ${reason}`,
                errors: [{ reason, domain: "usageLimits" }],
              },
            }
          : { error: { code: status, message: `Refused: ${reason}`, status: reason } },
      );
    }
    const translations = call.texts.map((text) => ({ translatedText: standIn.translate(text, call.target) }));
    send(res, 200, v2 ? { data: { translations } } : { translations });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}
