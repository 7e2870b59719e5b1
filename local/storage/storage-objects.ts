import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export type Bucket = {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
};

export type ObjectMeta = { id: string; contentType: string; size: number; etag: string; createdAt: string };

const BUCKET_ID = /^[A-Za-z0-9_-][A-Za-z0-9 _.-]{0,62}$/;

/** Whether a name is one Supabase Storage accepts as an object key: no empty, "." or ".." segments, no control characters. */
export function isValidObjectName(name: string): boolean {
  if (name === "" || name.length > 1024 || name.startsWith("/") || name.includes("\\")) return false;
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  return name.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

export function isValidBucketId(id: string): boolean {
  return BUCKET_ID.test(id) && id !== "." && id !== "..";
}

/** Buckets and objects on disk: `<root>/buckets.json`, `<root>/objects/<bucket>/<name>` with a `.meta.json` beside each. */
export class StorageObjects {
  constructor(private readonly root: string) {}

  private bucketsFile() {
    return path.join(this.root, "buckets.json");
  }

  /** The file of an object, refused unless it stays inside its bucket's folder. */
  private objectFile(bucket: string, name: string): string {
    const base = path.resolve(this.root, "objects", bucket);
    const file = path.resolve(base, name);
    if (!file.startsWith(`${base}${path.sep}`)) throw new Error("Object name escapes its bucket");
    return file;
  }

  async buckets(): Promise<Record<string, Bucket>> {
    try {
      return JSON.parse(await readFile(this.bucketsFile(), "utf8")) as Record<string, Bucket>;
    } catch {
      return {};
    }
  }

  async bucket(id: string): Promise<Bucket | null> {
    return (await this.buckets())[id] ?? null;
  }

  async createBucket(bucket: Omit<Bucket, "created_at" | "updated_at">): Promise<boolean> {
    const all = await this.buckets();
    if (all[bucket.id]) return false;
    const now = new Date().toISOString();
    all[bucket.id] = { ...bucket, created_at: now, updated_at: now };
    await mkdir(this.root, { recursive: true });
    await writeFile(this.bucketsFile(), JSON.stringify(all, null, 2));
    return true;
  }

  async meta(bucket: string, name: string): Promise<ObjectMeta | null> {
    try {
      return JSON.parse(await readFile(`${this.objectFile(bucket, name)}.meta.json`, "utf8")) as ObjectMeta;
    } catch {
      return null;
    }
  }

  async read(bucket: string, name: string): Promise<{ meta: ObjectMeta; body: Buffer } | null> {
    const meta = await this.meta(bucket, name);
    if (!meta) return null;
    return { meta, body: await readFile(this.objectFile(bucket, name)) };
  }

  /** Writes an object whole (a temporary file renamed into place, so a reader never sees half of it). */
  async write(bucket: string, name: string, body: Buffer, contentType: string): Promise<ObjectMeta> {
    const file = this.objectFile(bucket, name);
    await mkdir(path.dirname(file), { recursive: true });
    const meta: ObjectMeta = {
      id: randomUUID(),
      contentType,
      size: body.length,
      etag: `"${createHash("md5").update(body).digest("hex")}"`,
      createdAt: new Date().toISOString(),
    };
    const temporary = `${file}.${meta.id}.partial`;
    await writeFile(temporary, body);
    await rename(temporary, file);
    await writeFile(`${file}.meta.json`, JSON.stringify(meta));
    return meta;
  }

  async exists(bucket: string, name: string): Promise<boolean> {
    try {
      await stat(this.objectFile(bucket, name));
      return (await this.meta(bucket, name)) !== null;
    } catch {
      return false;
    }
  }

  /** Deletes an object and its metadata; its metadata as it was, or null when there was none. */
  async remove(bucket: string, name: string): Promise<ObjectMeta | null> {
    const meta = await this.meta(bucket, name);
    if (!meta) return null;
    const file = this.objectFile(bucket, name);
    await rm(`${file}.meta.json`, { force: true });
    await rm(file, { force: true });
    return meta;
  }
}
