import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  StorageError,
  badToken,
  baseType,
  byteRange,
  mimeAllowed,
  notFound,
  readJson,
  readLimited,
  send,
  sendError,
  tooLarge,
  unauthorized,
} from "./storage-http";
import { StorageObjects, isValidBucketId, isValidObjectName } from "./storage-objects";

export type StorageOptions = {
  /** Where buckets and objects are kept. */
  root: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The project-wide upload limit in bytes (a Supabase project setting; default here 500 MB). */
  globalFileSizeLimit?: number;
  now?: () => number;
};

export const STORAGE_PREFIX = "/storage/v1";
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

/**
 * The part of Supabase Storage (/storage/v1) supabase-js calls for the campaign's videos: buckets
 * with size and type limits, signed upload URLs (upload without further authentication, valid for
 * 2 hours), object info and signed download URLs. Mounted on the Auth stand-in's port, as Supabase
 * serves both from the project URL.
 */
export function createStorageHandler(options: StorageOptions) {
  const objects = new StorageObjects(options.root);
  const now = options.now ?? Date.now;
  const globalLimit = options.globalFileSizeLimit ?? 500 * 1024 * 1024;
  const secret = createHmac("sha256", "local-storage").update(options.serviceRoleKey).digest();

  const sign = (claims: Record<string, unknown>) => {
    const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
    return `${payload}.${createHmac("sha256", secret).update(payload).digest("base64url")}`;
  };
  const verify = (token: string | null, kind: string, url: string): Record<string, unknown> => {
    const [payload = "", signature = ""] = (token ?? "").split(".");
    const expected = createHmac("sha256", secret).update(payload).digest();
    const given = Buffer.from(signature, "base64url");
    if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) throw badToken("invalid signature");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    if (claims.kind !== kind || claims.url !== url) throw badToken("The token does not match this object");
    if (typeof claims.exp !== "number" || claims.exp * 1000 < now()) throw badToken("jwt expired");
    return claims;
  };

  function requireServiceRole(req: IncomingMessage): void {
    const apikey = req.headers.apikey;
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (apikey === options.serviceRoleKey && (bearer === undefined || bearer === options.serviceRoleKey)) return;
    if (apikey === options.anonKey || apikey === options.serviceRoleKey) throw unauthorized();
    throw new StorageError(400, "Error", "headers must have required property 'authorization'");
  }

  /** "bucket/some/name" from the rest of a path, both checked. */
  function target(rest: string): { bucket: string; name: string } {
    const decoded = rest.split("/").map((part) => decodeURIComponent(part));
    const [bucket = "", ...nameParts] = decoded;
    const name = nameParts.join("/");
    if (!isValidBucketId(bucket)) throw notFound("Bucket");
    if (!isValidObjectName(name)) throw new StorageError(400, "InvalidKey", `Invalid key: ${name}`, "InvalidKey");
    return { bucket, name };
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, pathname: string): Promise<void> {
    const method = req.method ?? "GET";
    let m: RegExpExecArray | null;

    if (method === "POST" && pathname === "/bucket") {
      requireServiceRole(req);
      const body = await readJson(req);
      const id = typeof body.id === "string" ? body.id : typeof body.name === "string" ? body.name : "";
      if (!isValidBucketId(id)) throw new StorageError(400, "Invalid Input", "The bucket name contains invalid characters");
      const created = await objects.createBucket({
        id,
        name: id,
        public: body.public === true,
        file_size_limit: typeof body.file_size_limit === "number" ? body.file_size_limit : null,
        allowed_mime_types: Array.isArray(body.allowed_mime_types)
          ? body.allowed_mime_types.filter((t): t is string => typeof t === "string")
          : null,
      });
      if (!created) throw new StorageError(409, "Duplicate", "The resource already exists", "BucketAlreadyExists");
      return send(res, 200, { name: id });
    }
    if (method === "GET" && (m = /^\/bucket\/([^/]+)$/.exec(pathname))) {
      requireServiceRole(req);
      const bucket = await objects.bucket(decodeURIComponent(m[1] ?? ""));
      if (!bucket) throw notFound("Bucket");
      return send(res, 200, { ...bucket, owner: "", type: "STANDARD" });
    }
    if (method === "DELETE" && (m = /^\/object\/([^/]+)$/.exec(pathname))) {
      // supabase-js remove(paths): the objects that existed are deleted and listed; unknown names are skipped.
      requireServiceRole(req);
      const bucket = decodeURIComponent(m[1] ?? "");
      if (!isValidBucketId(bucket) || !(await objects.bucket(bucket))) throw notFound("Bucket");
      const body = await readJson(req);
      const prefixes = Array.isArray(body.prefixes) ? body.prefixes : null;
      if (!prefixes || prefixes.length < 1 || prefixes.length > 1000 || !prefixes.every((p): p is string => typeof p === "string")) {
        throw new StorageError(400, "Bad Request", "body/prefixes must be an array of 1 to 1000 object names");
      }
      const removed = [];
      for (const name of prefixes) {
        if (!isValidObjectName(name)) continue;
        const meta = await objects.remove(bucket, name);
        if (meta) {
          removed.push({
            bucket_id: bucket,
            name,
            id: meta.id,
            created_at: meta.createdAt,
            updated_at: meta.createdAt,
            last_accessed_at: meta.createdAt,
            metadata: { size: meta.size, mimetype: meta.contentType, eTag: meta.etag },
          });
        }
      }
      return send(res, 200, removed);
    }
    if ((m = /^\/object\/upload\/sign\/(.+)$/.exec(pathname))) {
      const { bucket, name } = target(m[1] ?? "");
      const found = await objects.bucket(bucket);
      if (!found) throw notFound("Bucket");
      const key = `${bucket}/${name}`;
      if (method === "POST") {
        requireServiceRole(req);
        await readJson(req);
        const upsert = req.headers["x-upsert"] === "true";
        const token = sign({ kind: "upload", url: key, upsert, exp: Math.floor(now() / 1000) + SIGNED_UPLOAD_SECONDS });
        return send(res, 200, { url: `/object/upload/sign/${encodeURI(key)}?token=${token}` });
      }
      if (method === "PUT") {
        const claims = verify(url.searchParams.get("token"), "upload", key);
        if (claims.upsert !== true && (await objects.exists(bucket, name))) {
          throw new StorageError(409, "Duplicate", "The resource already exists", "Duplicate");
        }
        const limit = Math.min(globalLimit, found.file_size_limit ?? globalLimit);
        const raw = await readLimited(req, limit + 64 * 1024);
        let body = raw;
        let type = baseType(req.headers["content-type"]);
        if (type === "multipart/form-data") {
          const form = await new Response(new Uint8Array(raw), {
            headers: { "content-type": String(req.headers["content-type"]) },
          }).formData();
          const file = [...form.values()].find((value): value is File => typeof value !== "string");
          if (!file) throw new StorageError(400, "Bad Request", "No file in the form");
          body = Buffer.from(await file.arrayBuffer());
          type = baseType(file.type) || "application/octet-stream";
        }
        if (body.length > limit) throw tooLarge();
        if (!mimeAllowed(type, found.allowed_mime_types)) {
          throw new StorageError(415, "invalid_mime_type", `mime type ${type || "(none)"} is not supported`, "InvalidMimeType");
        }
        const meta = await objects.write(bucket, name, body, type || "application/octet-stream");
        return send(res, 200, { Key: key, Id: meta.id });
      }
    }
    if ((m = /^\/object\/sign\/(.+)$/.exec(pathname))) {
      const { bucket, name } = target(m[1] ?? "");
      const key = `${bucket}/${name}`;
      if (method === "POST") {
        requireServiceRole(req);
        const body = await readJson(req);
        const expiresIn = typeof body.expiresIn === "number" && body.expiresIn > 0 ? body.expiresIn : 60;
        if (!(await objects.exists(bucket, name))) throw notFound("Object");
        const token = sign({ kind: "download", url: key, exp: Math.floor(now() / 1000) + expiresIn });
        return send(res, 200, { signedURL: `/object/sign/${encodeURI(key)}?token=${token}` });
      }
      if (method === "GET") {
        verify(url.searchParams.get("token"), "download", key);
        const object = await objects.read(bucket, name);
        if (!object) throw notFound("Object");
        // Served only as the type it was stored with, never sniffed into something else (a page, a script).
        const headers = {
          "content-type": object.meta.contentType,
          "x-content-type-options": "nosniff",
          "accept-ranges": "bytes",
          etag: object.meta.etag,
          "cache-control": "max-age=3600",
          ...(url.searchParams.has("download") ? { "content-disposition": `attachment; filename="${path(name)}"` } : {}),
        };
        const range = byteRange(req.headers.range, object.body.length);
        if (range === "unsatisfiable") {
          res.writeHead(416, { ...headers, "content-range": `bytes */${object.body.length}` });
          res.end();
          return;
        }
        const body = range ? object.body.subarray(range.start, range.end + 1) : object.body;
        res.writeHead(range ? 206 : 200, {
          ...headers,
          "content-length": body.length,
          ...(range ? { "content-range": `bytes ${range.start}-${range.end}/${object.body.length}` } : {}),
        });
        res.end(body);
        return;
      }
    }
    if (method === "GET" && (m = /^\/object\/info\/(.+)$/.exec(pathname))) {
      requireServiceRole(req);
      const { bucket, name } = target(m[1] ?? "");
      const meta = await objects.meta(bucket, name);
      if (!meta) throw notFound("Object");
      return send(res, 200, {
        id: meta.id,
        name,
        bucket_id: bucket,
        size: meta.size,
        content_type: meta.contentType,
        etag: meta.etag,
        created_at: meta.createdAt,
        last_modified: meta.createdAt,
        metadata: { size: meta.size, mimetype: meta.contentType },
      });
    }
    throw new StorageError(404, "not_found", "Route not found");
  }

  const path = (name: string) => name.split("/").pop()?.replace(/"/g, "") ?? "file";

  return async function handleStorage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      await route(req, res, url, url.pathname.slice(STORAGE_PREFIX.length) || "/");
    } catch (error) {
      if (error instanceof StorageError) return sendError(res, error);
      if (error instanceof Error && error.message === "Object name escapes its bucket") {
        return sendError(res, new StorageError(400, "InvalidKey", "Invalid key", "InvalidKey"));
      }
      throw error;
    }
  };
}
