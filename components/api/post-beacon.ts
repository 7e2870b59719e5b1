"use client";

/**
 * POSTs JSON that nothing reads back (a beacon): `keepalive` lets the request finish while the
 * visitor moves on or the page goes away. Best effort: a failure is dropped, as it changes nothing
 * the visitor sees. The one way a call skips apiRequest, as there is no answer to unwrap.
 */
export function postBeacon(path: `/api/${string}`, body: unknown): void {
  void fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {});
}
