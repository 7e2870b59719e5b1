import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AdmissionRefused,
  MAX_RETRY_AFTER_SECONDS,
  admissionGate,
  createAdmissionGate,
  type AdmissionRelease,
} from "@/server/http/admission";
import { BUSY_MESSAGE } from "@/lib/api/api-error-envelope";
import { parseServerEnv, publicWriteAdmission } from "@/server/env";
import { COMMITTED_LOCAL_KEYS } from "@/server/env-constants";
import { anyAnswer, bodySchema, post, setup } from "../../fixtures/route-fixture";

/** A promise and the functions that settle it, for work that ends when a test says so. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether the promise has settled yet (without waiting for it). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await flush();
  return done;
}

async function refusalOf(promise: Promise<unknown>): Promise<AdmissionRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdmissionRefused);
  return error as AdmissionRefused;
}

describe("an admission gate", () => {
  it("admits up to its bound at once, queues up to maxQueued and refuses beyond with a time to come back", async () => {
    const gate = createAdmissionGate("test", { maxConcurrent: 2, maxQueued: 3, maxWaitMs: 60_000 });
    const running = [await gate.acquire(), await gate.acquire()];
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 0 });

    const queued = [gate.acquire(), gate.acquire(), gate.acquire()];
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 3 });
    for (const waiting of queued) expect(await settled(waiting)).toBe(false);

    const refused = await refusalOf(gate.acquire());
    expect(refused.reason).toBe("full");
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(MAX_RETRY_AFTER_SECONDS);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 3, admitted: 2, refused: 1 });

    // Places pass to the waiting requests in the order they came.
    running[0]!();
    const first = await queued[0]!;
    expect(await settled(queued[1]!)).toBe(false);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 2 });
    running[1]!();
    first();
    const rest = await Promise.all(queued.slice(1));
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 0, admitted: 5 });
    rest.forEach((release) => release());
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, admitted: 5, refused: 1 });
  });

  it("refuses one that waited maxWaitMs without a place, and never one already admitted", async () => {
    vi.useFakeTimers();
    try {
      const gate = createAdmissionGate("test", { maxConcurrent: 1, maxQueued: 5, maxWaitMs: 2000 });
      const holder = await gate.acquire();
      const waiting = gate.acquire();
      const outcome = waiting.then(
        () => "admitted",
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(1999);
      expect(gate.stats().waiting).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(AdmissionRefused);
      expect((error as AdmissionRefused).reason).toBe("waited");
      expect(gate.stats()).toMatchObject({ running: 1, waiting: 0 });

      // The holder kept its place however long it ran; the wait's timer is gone once a place came.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(gate.stats().running).toBe(1);
      const next = gate.acquire();
      holder();
      const release = await next;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(gate.stats()).toMatchObject({ running: 1, waiting: 0, refused: 1 });
      release();
      expect(gate.stats().running).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives the place back when the work throws or rejects, and a release called twice frees one place", async () => {
    const gate = createAdmissionGate("test", { maxConcurrent: 1, maxQueued: 0, maxWaitMs: 1000 });
    await expect(
      gate.run(() => {
        throw new Error("sync failure");
      }),
    ).rejects.toThrow("sync failure");
    await expect(
      gate.run(async () => {
        throw new Error("async failure");
      }),
    ).rejects.toThrow("async failure");
    expect(gate.stats()).toMatchObject({ running: 0, admitted: 2 });
    expect(await gate.run(() => 42)).toBe(42);

    const release = await gate.acquire();
    release();
    release();
    const again: AdmissionRelease = await gate.acquire();
    // Had the second call freed a second place, this one would be admitted beside it.
    expect((await refusalOf(gate.acquire())).reason).toBe("full");
    again();
    expect(gate.stats().running).toBe(0);
  });

  it("refuses at once one that would still be waiting when its wait ran out, at the pace places come free", async () => {
    let now = 0;
    const gate = createAdmissionGate("pace", { maxConcurrent: 2, maxQueued: 50, maxWaitMs: 1000 }, () => now);
    // Requests that hold their place 400 ms: two places free up five times a second.
    for (let i = 0; i < 40; i += 1) {
      const release = await gate.acquire();
      now += 400;
      release();
    }
    const running = [await gate.acquire(), await gate.acquire()];
    // Five waiting are through in 1,000 ms; a sixth would wait 1,200 ms, so it is told to come back now.
    const waiting = Array.from({ length: 5 }, () => gate.acquire());
    for (const request of waiting) expect(await settled(request)).toBe(false);
    const refused = await refusalOf(gate.acquire());
    expect(refused.reason).toBe("full");
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 5, refused: 1 });
    running.forEach((release) => release());
    (await Promise.all(waiting.slice(0, 2))).forEach((release) => release());
    (await Promise.all(waiting.slice(2, 4))).forEach((release) => release());
    (await waiting[4]!)();
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("drops a waiting request whose client went away", async () => {
    const gate = createAdmissionGate("test", { maxConcurrent: 1, maxQueued: 2, maxWaitMs: 60_000 });
    const holder = await gate.acquire();
    const client = new AbortController();
    const waiting = gate.acquire(client.signal);
    client.abort();
    expect((await refusalOf(waiting)).reason).toBe("waited");
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 0 });
    holder();
    expect(gate.stats().running).toBe(0);
  });

  it("never leaks a place under many requests that succeed, fail and are refused", async () => {
    const gate = createAdmissionGate("test", { maxConcurrent: 3, maxQueued: 4, maxWaitMs: 50 });
    let peak = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        gate.run(async () => {
          peak = Math.max(peak, gate.stats().running);
          await new Promise((resolve) => setTimeout(resolve, i % 7));
          if (i % 3 === 0) throw new Error("failed");
          return i;
        }),
      ),
    );
    expect(peak).toBeLessThanOrEqual(3);
    const refused = outcomes.filter((o) => o.status === "rejected" && o.reason instanceof AdmissionRefused).length;
    expect(refused).toBeGreaterThan(0);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, admitted: 60 - refused, refused });
    // Every place is free again: as many run at once as the bound allows.
    const all = await Promise.all([gate.acquire(), gate.acquire(), gate.acquire()]);
    expect(gate.stats().running).toBe(3);
    all.forEach((release) => release());
  });

  it("says to come back later the longer the line is, within 1 to MAX_RETRY_AFTER_SECONDS", async () => {
    let now = 0;
    const gate = createAdmissionGate("test", { maxConcurrent: 1, maxQueued: 0, maxWaitMs: 1000 }, () => now);
    // Requests that held their place 20 s each.
    for (let i = 0; i < 30; i += 1) {
      const release = await gate.acquire();
      now += 20_000;
      release();
    }
    await gate.acquire();
    expect((await refusalOf(gate.acquire())).retryAfterSeconds).toBe(MAX_RETRY_AFTER_SECONDS);

    const quick = createAdmissionGate("quick", { maxConcurrent: 1, maxQueued: 0, maxWaitMs: 1000 }, () => now);
    await quick.acquire();
    expect((await refusalOf(quick.acquire())).retryAfterSeconds).toBe(1);
  });

  it("spreads a crowd it turns away over the seconds it takes to serve it, and forgets it once it has gone", async () => {
    let now = 0;
    const gate = createAdmissionGate("crowd", { maxConcurrent: 1, maxQueued: 0, maxWaitMs: 1000 }, () => now);
    // Requests that hold their place 100 ms: ten a second get in.
    for (let i = 0; i < 20; i += 1) {
      const release = await gate.acquire();
      now += 100;
      release();
    }
    await gate.acquire();
    const told: number[] = [];
    for (let i = 0; i < 50; i += 1) told.push((await refusalOf(gate.acquire())).retryAfterSeconds);
    expect(told[0]).toBe(1);
    // Fifty turned away at once: the last is told to come back when the forty-odd before it are through.
    expect(told.at(-1)).toBeGreaterThanOrEqual(4);
    expect(told).toEqual(told.toSorted((a, b) => a - b));
    now += 10_000;
    expect((await refusalOf(gate.acquire())).retryAfterSeconds).toBe(1);
  });

  it("is one per name in the process", () => {
    const name = `shared-${Math.random()}`;
    const a = admissionGate(name, { maxConcurrent: 2, maxQueued: 1, maxWaitMs: 10 });
    expect(admissionGate(name, { maxConcurrent: 9, maxQueued: 9, maxWaitMs: 9 })).toBe(a);
    expect(a.limits).toEqual({ maxConcurrent: 2, maxQueued: 1, maxWaitMs: 10 });
  });
});

describe("route({ admission })", () => {
  let name: string;
  beforeEach(() => {
    name = `route-${Math.random()}`;
  });
  afterEach(() => vi.useRealTimers());

  const body = JSON.stringify({ email: "a@example.com" });

  it("answers beyond its places 503 busy with Retry-After and the envelope, without reading or running anything", async () => {
    const { route, enforceRateLimit } = setup();
    const gates = [deferred(), deferred()];
    let calls = 0;
    const handler = vi.fn(async () => {
      await gates[calls++]!.promise;
      return { ok: true };
    });
    const post1 = route(
      {
        response: anyAnswer,
        body: bodySchema,
        admission: { name, maxConcurrent: 1, maxQueued: 1, maxWaitMs: 60_000 },
        rateLimits: [{ name: "t", limit: 9, windowSeconds: 9 }],
      },
      handler,
    );
    const running = post1(post(body));
    const waiting = post1(post(body));
    await flush();
    const refused = await post1(post(body));
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    expect(await refused.json()).toEqual({ error: BUSY_MESSAGE, code: "busy" });
    // The refused one was counted against nothing and ran nothing.
    expect(enforceRateLimit).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledTimes(1);

    gates[0]!.resolve();
    expect((await running).status).toBe(200);
    gates[1]!.resolve();
    expect((await waiting).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("frees the place after a handler's error, a refused input and an unexpected throw", async () => {
    const { route } = setup();
    const limits = { name, maxConcurrent: 1, maxQueued: 0, maxWaitMs: 1000 };
    let mode: "throw" | "ok" = "throw";
    const handler = route({ response: anyAnswer, body: bodySchema, admission: limits }, () => {
      if (mode === "throw") throw new Error("boom");
      return { ok: true };
    });
    expect((await handler(post(body))).status).toBe(500);
    expect((await handler(post("{ not json"))).status).toBe(400);
    expect((await handler(post(JSON.stringify({ email: "not an email" })))).status).toBe(422);
    mode = "ok";
    expect((await handler(post(body))).status).toBe(200);
    expect(admissionGate(name, limits).stats()).toMatchObject({ running: 0, waiting: 0, admitted: 4, refused: 0 });
  });

  it("takes the limits it does not set from the environment's", async () => {
    const { route } = setup();
    const handler = route({ response: anyAnswer, admission: { name, maxQueued: 0 } }, () => ({ ok: true }));
    expect((await handler(post(null, {}))).status).toBe(200);
    // The fixture's wrapper has no environment: its fallback is one at a time.
    expect(admissionGate(name, { maxConcurrent: 99, maxQueued: 99, maxWaitMs: 99 }).limits).toEqual({
      maxConcurrent: 1,
      maxQueued: 0,
      maxWaitMs: 5000,
    });
  });
});

describe("the public writes' admission limits (PUBLIC_WRITE_*)", () => {
  const local = {
    SUPABASE_SERVICE_ROLE_KEY: COMMITTED_LOCAL_KEYS.SUPABASE_SERVICE_ROLE_KEY,
    STRIPE_SECRET_KEY: COMMITTED_LOCAL_KEYS.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: COMMITTED_LOCAL_KEYS.STRIPE_WEBHOOK_SECRET,
  };
  const limits = (raw: Record<string, string>) => publicWriteAdmission(parseServerEnv({ ...local, ...raw }));

  it("leave two of the pool's connections to the reads, and wait four times as many", () => {
    expect(limits({ DATABASE_URL: "postgres://app:secret@db.example.com:6543/postgres" })).toEqual({
      maxConcurrent: 8,
      maxQueued: 32,
      maxWaitMs: 5000,
    });
    expect(limits({ DATABASE_URL: "postgres://app:secret@db.example.com:6543/postgres", DATABASE_POOL_MAX: "40" })).toMatchObject({
      maxConcurrent: 38,
      maxQueued: 152,
    });
    // The embedded database's pool of one: one at a time, still a few waiting.
    expect(limits({})).toEqual({ maxConcurrent: 1, maxQueued: 16, maxWaitMs: 5000 });
  });

  it("are set by the environment, empty meaning unset", () => {
    expect(limits({ PUBLIC_WRITE_MAX_CONCURRENT: "3", PUBLIC_WRITE_MAX_QUEUED: "0", PUBLIC_WRITE_MAX_WAIT_MS: "250" })).toEqual({
      maxConcurrent: 3,
      maxQueued: 0,
      maxWaitMs: 250,
    });
    expect(limits({ PUBLIC_WRITE_MAX_CONCURRENT: "", PUBLIC_WRITE_MAX_QUEUED: "", PUBLIC_WRITE_MAX_WAIT_MS: "" })).toEqual({
      maxConcurrent: 1,
      maxQueued: 16,
      maxWaitMs: 5000,
    });
    expect(() => limits({ PUBLIC_WRITE_MAX_CONCURRENT: "0" })).toThrow(/PUBLIC_WRITE_MAX_CONCURRENT/);
    expect(() => limits({ PUBLIC_WRITE_MAX_WAIT_MS: "soon" })).toThrow(/PUBLIC_WRITE_MAX_WAIT_MS/);
  });
});
