import { expect, test } from "@playwright/test";

// The production server compresses what is worth it: a page or a large JSON answer goes gzipped,
// an answer under 1 KB (a pledge's "received", the count, an error) as it is, with no CPU spent on it.

const GZIP = { "accept-encoding": "gzip" };

test("small JSON answers are sent as they are; pages and large answers gzipped", async ({ request }) => {
  const count = await request.get("/api/campaign/pledges", { headers: GZIP });
  expect(count.status()).toBe(200);
  expect(count.headers()["content-encoding"]).toBeUndefined();
  expect(count.headers()["cache-control"]).toMatch(/\bs-maxage=1\b.*, no-transform$/);
  expect((await count.body()).length).toBeLessThan(1024);

  const refused = await request.post("/api/campaign/pledges", { headers: GZIP, data: { name: "", email: "not an address" } });
  expect(refused.status()).toBe(422);
  expect(refused.headers()["content-encoding"]).toBeUndefined();

  const cohorts = await request.get("/api/cohorts?language=en", { headers: GZIP });
  expect(cohorts.status()).toBe(200);
  const size = Buffer.byteLength(JSON.stringify(await cohorts.json()));
  expect(cohorts.headers()["content-encoding"]).toBe(size < 1024 ? undefined : "gzip");

  const page = await request.get("/how-it-works", { headers: GZIP });
  expect(page.status()).toBe(200);
  expect(page.headers()["content-encoding"]).toBe("gzip");
});
