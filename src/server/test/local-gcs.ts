import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import examples from "../files/fixtures/gcs-v4-signing.json";

/**
 * Google's inactive dummy service account (src/server/files/fixtures/gcs-v4-signing.json, from its
 * published signing examples): in tests it signs the gs:// driver's addresses, as a runtime's would.
 */
export const DUMMY_SERVICE_ACCOUNT = {
  project_id: examples.serviceAccount.project_id,
  client_email: examples.serviceAccount.client_email,
  private_key: examples.serviceAccount.private_key,
};

/**
 * A stand-in for Cloud Storage's JSON API on 127.0.0.1 (a random port, objects in a temporary folder),
 * for the gs:// driver's tests: no emulator installs on this machine (docs/decisions/023-object-storage.md,
 * Tests). It answers the requests `@google-cloud/storage` 7.19 sends for what the driver calls, and
 * nothing more, as read from the SDK's own code (node_modules/@google-cloud/storage/build/esm/src: file.js,
 * resumable-upload.js, nodejs-common/util.js):
 *
 * - `GET /storage/v1/b/{bucket}/o/{object}`: the object resource; with `alt=media` its bytes (a `Range`
 *   answers 206), with `x-goog-hash` (crc32c, md5) as the SDK checks a whole download against it;
 * - `DELETE` of the same; `GET /storage/v1/b/{bucket}/o?prefix=` (paged by `maxResults`/`pageToken`);
 * - `POST /upload/storage/v1/b/{bucket}/o?uploadType=multipart|media` (a simple upload), and
 *   `uploadType=resumable`: a session address in `Location`, then `PUT`s with `Content-Range` answered
 *   308 with `Range` until the last byte, then the object resource. The object exists only then.
 *   `bytes 0-*\/*` (the SDK's single-request form) is a body that runs to the end of the object;
 * - errors as Google's JSON (`{error: {code, message, errors: [{reason}]}}`).
 *
 * The browser's side is the XML API: a form POST of a V4 policy at the address the SDK gives a custom
 * endpoint (its root), and a GET of a signed address `/{bucket}/{object}`. The stand-in checks the
 * policy's expiry and conditions (key, type, size range) and the address's expiry, and answers
 * `response-content-disposition`/`-type`; it does NOT verify signatures (gcs-signing.test.ts checks them
 * against Google's published examples). Where Google's documentation does not say which status a refusal
 * has (a failed policy condition), the code is the stand-in's own.
 *
 * Requests carry no credentials: the SDK does not authenticate against a custom `apiEndpoint`.
 */
export interface LocalGcs {
  /** STORAGE_URL for the app. */
  url: string;
  endpoint: string;
  bucket: string;
  /** Every request answered, as `METHOD path?query` with its status (tests check the protocol used). */
  requests: { line: string; status: number }[];
  /** Resumable sessions started and neither finished nor cancelled. */
  openSessions(): number;
  /** From now on every request is answered 503 (Google's backendError), until `up()`. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

interface StoredObject {
  name: string;
  contentType: string;
  size: number;
  md5Hash: string;
  crc32c: string;
  generation: string;
  timeCreated: string;
}

interface Session {
  name: string;
  contentType: string;
  received: number;
  part: string;
}

export async function startLocalGcs(bucket = "decisionhub-test"): Promise<LocalGcs> {
  const directory = await mkdtemp(path.join(tmpdir(), "local-gcs-"));
  await mkdir(path.join(directory, "objects"));
  await mkdir(path.join(directory, "sessions"));
  const store = new ObjectFolder(path.join(directory, "objects"), path.join(directory, "sessions"));
  const sessions = new Map<string, Session>();
  const requests: LocalGcs["requests"] = [];
  let unavailable = false;
  let endpoint = "";

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", endpoint);
    res.on("finish", () =>
      requests.push({ line: `${req.method} ${url.pathname}${url.search}`, status: res.statusCode }),
    );
    if (unavailable) {
      req.resume();
      jsonError(res, 503, "We encountered an internal error. Please try again.", "backendError");
      return;
    }
    const api = { bucket, endpoint, store, sessions };
    route(api, req, res, url).catch((error: unknown) => {
      if (!res.headersSent) jsonError(res, 500, String(error), "internalError");
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `gs://${bucket}?endpoint=${encodeURIComponent(endpoint)}`,
    endpoint,
    bucket,
    requests,
    openSessions: () => sessions.size,
    down: () => {
      unavailable = true;
    },
    up: () => {
      unavailable = false;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface Api {
  bucket: string;
  endpoint: string;
  store: ObjectFolder;
  sessions: Map<string, Session>;
}

async function route(api: Api, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const json = url.pathname.match(/^\/storage\/v1\/b\/([^/]+)\/o(?:\/(.+))?$/);
  const upload = url.pathname.match(/^\/upload\/storage\/v1\/b\/([^/]+)\/o$/);
  const bucketOf = json?.[1] ?? upload?.[1];
  if (bucketOf !== undefined && decodeURIComponent(bucketOf) !== api.bucket) {
    req.resume();
    return jsonError(res, 404, "The specified bucket does not exist.", "notFound");
  }
  if (json && json[2] === undefined && req.method === "GET") return list(api, res, url);
  if (json && json[2] !== undefined) {
    const name = decodeURIComponent(json[2]);
    if (req.method === "GET" && url.searchParams.get("alt") === "media") return media(api, req, res, name);
    if (req.method === "GET") return metadata(api, res, name);
    if (req.method === "DELETE") return remove(api, res, name);
  }
  if (upload && req.method === "POST") return startUpload(api, req, res, url);
  if (upload && url.searchParams.has("upload_id")) {
    if (req.method === "PUT") return putChunk(api, req, res, url.searchParams.get("upload_id")!);
    // Cancelling a session: Google answers 499 (performing-resumable-uploads, "Cancel an upload").
    if (req.method === "DELETE") return cancel(api, res, url.searchParams.get("upload_id")!);
  }
  if (req.method === "POST" && (url.pathname === "/" || url.pathname === `/${api.bucket}`)) {
    return policyUpload(api, req, res);
  }
  if (req.method === "GET" && url.pathname.startsWith(`/${api.bucket}/`)) {
    return signedGet(api, res, url, decodeURIComponent(url.pathname.slice(api.bucket.length + 2)));
  }
  req.resume();
  jsonError(res, 400, `The stand-in does not answer ${req.method} ${url.pathname}`, "invalid");
}

// The JSON API: object resources, media, deletion, listing.

function resourceOf(api: Api, object: StoredObject) {
  const encoded = encodeURIComponent(object.name);
  return {
    kind: "storage#object",
    id: `${api.bucket}/${object.name}/${object.generation}`,
    selfLink: `${api.endpoint}/storage/v1/b/${api.bucket}/o/${encoded}`,
    mediaLink: `${api.endpoint}/download/storage/v1/b/${api.bucket}/o/${encoded}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: api.bucket,
    generation: object.generation,
    metageneration: "1",
    contentType: object.contentType,
    storageClass: "STANDARD",
    // int64 values are strings in the JSON API.
    size: String(object.size),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: object.md5Hash,
    timeCreated: object.timeCreated,
    updated: object.timeCreated,
  };
}

const noSuchObject = (api: Api, name: string) => `No such object: ${api.bucket}/${name}`;

async function metadata(api: Api, res: ServerResponse, name: string): Promise<void> {
  const object = await api.store.get(name);
  if (!object) return jsonError(res, 404, noSuchObject(api, name), "notFound");
  sendJson(res, 200, resourceOf(api, object));
}

async function media(api: Api, req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
  const object = await api.store.get(name);
  if (!object) return jsonError(res, 404, noSuchObject(api, name), "notFound");
  const range = byteRange(req.headers.range, object.size);
  if (range === "unsatisfiable") {
    res.writeHead(416, { "Content-Range": `bytes */${object.size}` }).end();
    return;
  }
  const headers: Record<string, string | number> = {
    "Content-Type": object.contentType,
    "X-Goog-Hash": `crc32c=${object.crc32c},md5=${object.md5Hash}`,
    "X-Goog-Generation": object.generation,
    "X-Goog-Stored-Content-Encoding": "identity",
    "X-Goog-Stored-Content-Length": object.size,
    ETag: object.md5Hash,
  };
  await sendBytes(api, res, object, range, headers);
}

async function sendBytes(
  api: Api,
  res: ServerResponse,
  object: StoredObject,
  range: { start: number; end: number } | null,
  headers: Record<string, string | number>,
): Promise<void> {
  const { start, end } = range ?? { start: 0, end: object.size - 1 };
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${object.size}`;
  res.writeHead(range ? 206 : 200, { ...headers, "Content-Length": end - start + 1 });
  if (object.size === 0) {
    res.end();
    return;
  }
  await pipeline(createReadStream(api.store.contentPath(object.name), { start, end }), res);
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (RFC 9110); null: the whole object. */
function byteRange(header: string | undefined, size: number) {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start >= size || start > end ? ("unsatisfiable" as const) : { start, end };
}

async function remove(api: Api, res: ServerResponse, name: string): Promise<void> {
  if (!(await api.store.remove(name))) return jsonError(res, 404, noSuchObject(api, name), "notFound");
  res.writeHead(204).end();
}

async function list(api: Api, res: ServerResponse, url: URL): Promise<void> {
  const prefix = url.searchParams.get("prefix") ?? "";
  const pageSize = Math.min(Number(url.searchParams.get("maxResults") ?? 1000) || 1000, 1000);
  const after = url.searchParams.get("pageToken");
  const from = after ? Buffer.from(after, "base64url").toString("utf8") : null;
  const names = (await api.store.names())
    .filter((name) => name.startsWith(prefix) && (from === null || name > from))
    .sort();
  const page = names.slice(0, pageSize);
  const items = [];
  for (const name of page) {
    const object = await api.store.get(name);
    if (object) items.push(resourceOf(api, object));
  }
  sendJson(res, 200, {
    kind: "storage#objects",
    // Google leaves `items` out of an empty listing.
    ...(items.length > 0 ? { items } : {}),
    ...(names.length > pageSize ? { nextPageToken: Buffer.from(page.at(-1)!).toString("base64url") } : {}),
  });
}

// Uploads: simple (multipart, media) and resumable sessions.

async function startUpload(api: Api, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const uploadType = url.searchParams.get("uploadType");
  const body = await bodyOf(req);
  if (uploadType === "resumable") {
    const meta = body.length > 0 ? (JSON.parse(body.toString("utf8")) as Record<string, string>) : {};
    const name = url.searchParams.get("name") ?? meta.name;
    if (!name) return jsonError(res, 400, "Required object name", "required");
    const id = randomBytes(16).toString("hex");
    const part = api.store.staging(id);
    await writeFile(part, new Uint8Array(0));
    const contentType =
      header(req, "x-upload-content-type") ?? meta.contentType ?? "application/octet-stream";
    api.sessions.set(id, { name, contentType, received: 0, part });
    const location = new URL(`${api.endpoint}/upload/storage/v1/b/${api.bucket}/o`);
    location.searchParams.set("uploadType", "resumable");
    location.searchParams.set("name", name);
    location.searchParams.set("upload_id", id);
    res.writeHead(200, { Location: location.href, "Content-Length": 0 }).end();
    return;
  }
  let meta: Record<string, string> = {};
  let content = body;
  let contentType = header(req, "content-type") ?? "application/octet-stream";
  if (uploadType === "multipart") {
    const parts = relatedParts(body, contentType);
    if (parts?.length !== 2) return jsonError(res, 400, "Invalid multipart body", "invalid");
    const [described, media] = parts as [RelatedPart, RelatedPart];
    meta = JSON.parse(described.body.toString("utf8")) as Record<string, string>;
    content = media.body;
    contentType = meta.contentType ?? media.contentType ?? "application/octet-stream";
  } else if (uploadType !== "media") {
    return jsonError(res, 400, `Invalid upload type: ${uploadType}`, "invalid");
  }
  const name = url.searchParams.get("name") ?? meta.name;
  if (!name) return jsonError(res, 400, "Required object name", "required");
  const staged = api.store.staging();
  await writeFile(staged, content);
  sendJson(res, 200, resourceOf(api, await api.store.put(name, staged, contentType)));
}

interface RelatedPart {
  contentType: string | undefined;
  body: Buffer;
}

/** The parts of a `multipart/related` body as the SDK writes it (teeny-request: boundary, headers, CRLFs). */
function relatedParts(body: Buffer, contentType: string) {
  const boundary = contentType.match(/boundary="?([^";]+)"?/)?.[1];
  if (!contentType.startsWith("multipart/related") || !boundary) return null;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const whole = Buffer.concat([Buffer.from("\r\n"), body]);
  const parts: RelatedPart[] = [];
  let at = whole.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (whole.subarray(start, start + 2).toString() === "--") return parts;
    const next = whole.indexOf(delimiter, start);
    if (next === -1) return null;
    const part = whole.subarray(start + 2, next);
    const split = part.indexOf("\r\n\r\n");
    if (split === -1) return null;
    const headers = part.subarray(0, split).toString("utf8");
    parts.push({
      contentType: headers.match(/^content-type:\s*(.+)$/im)?.[1]?.trim(),
      body: part.subarray(split + 4),
    });
    at = next;
  }
  return null;
}

/**
 * One request of a resumable session. `Content-Range: bytes A-B/T` carries bytes A..B of T (T `*`: not
 * known yet); `bytes A-*\/T` a body that runs to the end of the object; `bytes *\/T` only asks (or, when T
 * is what was received, finishes). Incomplete: 308 with `Range: bytes=0-{last received}` (none before the
 * first byte), no Location. Complete: the object is stored and its resource answered.
 */
async function putChunk(api: Api, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const session = api.sessions.get(id);
  if (!session) {
    req.resume();
    return jsonError(res, 404, "No such upload session", "notFound");
  }
  const range = (header(req, "content-range") ?? "").match(/^bytes (?:(\d+)-(\d+|\*)|\*)\/(\d+|\*)$/);
  if (!range) {
    req.resume();
    return jsonError(res, 400, "Invalid Content-Range", "invalid");
  }
  const [, first, last, totalText] = range;
  const total = totalText === "*" ? null : Number(totalText);
  if (first !== undefined) {
    const start = Number(first);
    if (start !== session.received) {
      req.resume();
      return jsonError(res, 400, `Expected byte ${session.received}, got ${start}`, "invalid");
    }
    const before = session.received;
    await pipeline(req, createWriteStream(session.part, { flags: "a" }));
    session.received = (await stat(session.part)).size;
    if (last !== "*" && session.received !== Number(last) + 1) {
      return jsonError(
        res,
        400,
        `Received ${session.received - before} bytes, not ${first}-${last}`,
        "invalid",
      );
    }
  } else {
    await bodyOf(req);
  }
  if (total !== null && session.received > total) {
    return jsonError(res, 400, "More bytes than the object's size", "invalid");
  }
  const complete = (first !== undefined && last === "*") || total === session.received;
  if (!complete) {
    res.writeHead(308, {
      ...(session.received > 0 ? { Range: `bytes=0-${session.received - 1}` } : {}),
      "Content-Length": 0,
    });
    res.end();
    return;
  }
  api.sessions.delete(id);
  sendJson(res, 200, resourceOf(api, await api.store.put(session.name, session.part, session.contentType)));
}

async function cancel(api: Api, res: ServerResponse, id: string): Promise<void> {
  const session = api.sessions.get(id);
  if (!session) return jsonError(res, 404, "No such upload session", "notFound");
  api.sessions.delete(id);
  await rm(session.part, { force: true });
  res.writeHead(499, { "Content-Length": 0 }).end();
}

// The XML API the browser uses: a POST policy form, a signed GET.

/**
 * A form POST of a V4 policy (`fields` + `file`, as generateSignedPostPolicyV4 gives them). Checked: the
 * policy's expiry and every condition (exact fields, `eq`, `starts-with`, `content-length-range`);
 * not checked: its signature. Stored: 204, as Google answers without `success_action_status`.
 */
async function policyUpload(api: Api, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await bodyOf(req);
  const form = await new Request("http://stand-in/", {
    method: "POST",
    headers: { "content-type": header(req, "content-type") ?? "" },
    body: new Uint8Array(body),
  })
    .formData()
    .catch(() => null);
  const file = form?.get("file");
  const encoded = form?.get("policy");
  if (!form || !(file instanceof Blob) || typeof encoded !== "string") {
    return xmlError(res, 400, "InvalidArgument", "A policy, its fields and a file are required.");
  }
  const fields = new Map<string, string>();
  for (const [name, value] of form) if (typeof value === "string") fields.set(name.toLowerCase(), value);
  fields.set("bucket", api.bucket);
  const policy = JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as {
    expiration: string;
    conditions: (Record<string, string> | [string, string | number, string | number])[];
  };
  if (!(Date.parse(policy.expiration) > Date.now())) {
    return xmlError(res, 400, "ExpiredToken", "Invalid argument.");
  }
  const failed = policy.conditions.find((condition) => !holds(condition, fields, file.size));
  if (failed) {
    return xmlError(res, 403, "AccessDenied", `Policy condition failed: ${JSON.stringify(failed)}`);
  }
  const name = fields.get("key");
  if (!name) return xmlError(res, 400, "InvalidArgument", "A key is required.");
  const staged = api.store.staging();
  await writeFile(staged, new Uint8Array(await file.arrayBuffer()));
  await api.store.put(name, staged, fields.get("content-type") ?? "application/octet-stream");
  res.writeHead(204).end();
}

function holds(
  condition: Record<string, string> | [string, string | number, string | number],
  fields: Map<string, string>,
  fileSize: number,
): boolean {
  if (!Array.isArray(condition)) {
    return Object.entries(condition).every(([name, value]) => fields.get(name.toLowerCase()) === value);
  }
  const [operator, subject, value] = condition;
  if (operator === "content-length-range") return fileSize >= Number(subject) && fileSize <= Number(value);
  const field = fields.get(String(subject).replace(/^\$/, "").toLowerCase());
  if (operator === "eq") return field === value;
  if (operator === "starts-with") return field?.startsWith(String(value)) === true;
  return false;
}

/**
 * A V4 query-signed GET (`X-Goog-Date` + `X-Goog-Expires`): refused once expired (400 ExpiredToken, as
 * Google answers), and without a signature at all (403); the signature itself is not verified.
 */
async function signedGet(api: Api, res: ServerResponse, url: URL, name: string): Promise<void> {
  const query = url.searchParams;
  const signedAt = (query.get("X-Goog-Date") ?? "").match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (!query.get("X-Goog-Signature") || !signedAt || !query.get("X-Goog-Expires")) {
    return xmlError(res, 403, "AccessDenied", "Anonymous caller does not have storage.objects.get access.");
  }
  const [, y, mo, d, h, mi, s] = signedAt.map(Number) as number[];
  const expiresAt = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + Number(query.get("X-Goog-Expires")) * 1000;
  if (Date.now() > expiresAt) return xmlError(res, 400, "ExpiredToken", "Invalid argument.");
  const object = await api.store.get(name);
  if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
  const disposition = query.get("response-content-disposition");
  await sendBytes(api, res, object, null, {
    "Content-Type": query.get("response-content-type") ?? object.contentType,
    ...(disposition ? { "Content-Disposition": disposition } : {}),
    "X-Goog-Hash": `crc32c=${object.crc32c},md5=${object.md5Hash}`,
  });
}

// Objects on disk: `{sha256 of the name}` (names are longer than a file name may be) + `.json`.

class ObjectFolder {
  constructor(
    private readonly root: string,
    private readonly sessions: string,
  ) {}

  /** Where an upload's bytes gather until they become an object (`put`). */
  staging(id = randomBytes(16).toString("hex")): string {
    return path.join(this.sessions, id);
  }

  private fileOf(name: string) {
    return path.join(this.root, createHash("sha256").update(name).digest("hex"));
  }

  contentPath(name: string): string {
    return this.fileOf(name);
  }

  get(name: string): Promise<StoredObject | null> {
    return this.read(`${this.fileOf(name)}.json`);
  }

  private async read(resource: string): Promise<StoredObject | null> {
    try {
      return JSON.parse(await readFile(resource, "utf8")) as StoredObject;
    } catch {
      return null;
    }
  }

  /** Moves the finished file `staged` into place as `name` (its resource written last: then it exists). */
  async put(name: string, staged: string, contentType: string): Promise<StoredObject> {
    const { size, md5Hash, crc32c } = await digestsOf(staged);
    const now = new Date();
    const object: StoredObject = {
      name,
      contentType,
      size,
      md5Hash,
      crc32c,
      generation: String(now.getTime() * 1000 + Math.floor(Math.random() * 1000)),
      timeCreated: now.toISOString(),
    };
    await rename(staged, this.fileOf(name));
    await writeFile(`${this.fileOf(name)}.json`, JSON.stringify(object));
    return object;
  }

  async remove(name: string): Promise<boolean> {
    if (!(await this.get(name))) return false;
    await rm(`${this.fileOf(name)}.json`, { force: true });
    await rm(this.fileOf(name), { force: true });
    return true;
  }

  async names(): Promise<string[]> {
    const names: string[] = [];
    for (const entry of await readdir(this.root)) {
      if (!entry.endsWith(".json")) continue;
      const object = await this.read(path.join(this.root, entry));
      if (object) names.push(object.name);
    }
    return names;
  }
}

/** Size, MD5 and CRC32C (Castagnoli, big-endian) in base64, as the JSON API gives them. */
async function digestsOf(file: string) {
  const md5 = createHash("md5");
  let crc = 0xffffffff;
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    md5.update(chunk);
    size += chunk.length;
    for (let i = 0; i < chunk.length; i++) crc = CRC32C[(crc ^ chunk[i]!) & 0xff]! ^ (crc >>> 8);
  }
  const crc32c = Buffer.alloc(4);
  crc32c.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return { size, md5Hash: md5.digest("base64"), crc32c: crc32c.toString("base64") };
}

const CRC32C = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

// HTTP helpers.

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Google's JSON API error shape. */
function jsonError(res: ServerResponse, code: number, message: string, reason: string): void {
  sendJson(res, code, { error: { code, message, errors: [{ message, domain: "global", reason }] } });
}

/** The XML API's error shape (the browser's side). */
function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  const text = `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, {
    "Content-Type": "application/xml; charset=UTF-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}
