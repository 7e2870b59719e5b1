// Calls a campaign route handler the way a browser on the site would, from one client address.
let nextAddress = 1;

/** A client address of its own for each caller, so per-address limits do not leak between tests. */
export function freshAddress(): string {
  const n = nextAddress++;
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

export function campaignPost(path: string, body: unknown, address: string, init: { contentType?: string } = {}): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": init.contentType ?? "application/json", origin: "http://localhost:3000", "x-real-ip": address },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
