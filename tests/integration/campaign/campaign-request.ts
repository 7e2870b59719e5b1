// Calls a campaign route handler the way a browser on the site would, from one client address.
import { randomBytes } from "node:crypto";

// The rate limits' counts live in the run's database, which every test file of the run shares: each
// file takes a random IPv6 /32 of its own, and each caller a /64 in it (the limits count a /64 as one).
const FILE_PREFIX = `fd00:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
let nextAddress = 0;

/** A client address of its own for each caller, so per-address limits do not leak between tests. */
export function freshAddress(): string {
  nextAddress += 1;
  return `${FILE_PREFIX}:${nextAddress.toString(16)}::1`;
}

export function campaignPost(path: string, body: unknown, address: string, init: { contentType?: string } = {}): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": init.contentType ?? "application/json", origin: "http://localhost:3000", "x-real-ip": address },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
