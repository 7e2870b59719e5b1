// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { apiRequest, retryAfterSeconds } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";

// The browser's half of admission control (server/http/admission.ts): a request turned away as busy
// is sent again by itself only when its caller asks (retryWhenBusy); every other caller is unchanged.

const schema = z.object({ ok: z.boolean() });
const refused = (status: number, retryAfter: string | null, code = "busy") =>
  new Response(JSON.stringify({ error: "We're busy right now.", code }), {
    status,
    headers: { "content-type": "application/json", ...(retryAfter === null ? {} : { "retry-after": retryAfter }) },
  });
const ok = () => new Response(JSON.stringify({ data: { ok: true } }), { status: 200, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const send = (retryWhenBusy?: Parameters<typeof apiRequest>[0]["retryWhenBusy"], signal?: AbortSignal) =>
  apiRequest({ method: "POST", path: "/api/thing", body: { a: 1 }, schema, retryWhenBusy, signal });

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe("apiRequest's retryWhenBusy", () => {
  it("is off unless asked: a busy answer is the caller's error at once", async () => {
    fetchMock.mockImplementation(async () => refused(503, "1"));
    const error = await outcome(send());
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, code: "busy" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("waits Retry-After plus jitter and sends the same body again, telling the caller each wait", async () => {
    fetchMock
      .mockResolvedValueOnce(refused(503, "2"))
      .mockResolvedValueOnce(refused(429, "1", "rate_limited"))
      .mockResolvedValueOnce(ok());
    const onBusy = vi.fn();
    const result = send({ attempts: 3, onBusy, random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(onBusy).toHaveBeenLastCalledWith({ attempt: 1, delayMs: 2500 });
    await vi.advanceTimersByTimeAsync(2499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(onBusy).toHaveBeenCalledTimes(2));
    expect(onBusy).toHaveBeenLastCalledWith({ attempt: 2, delayMs: 1250 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(await result).toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([, init]) => init?.body)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  it("stops after `attempts` further sends and throws the last busy answer", async () => {
    fetchMock.mockImplementation(async () => refused(503, "1"));
    const result = outcome(send({ attempts: 2, random: () => 0 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status: 503, code: "busy" });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("does not wait out an answer with no Retry-After, one asking for longer than maxWaitSeconds, or another failure", async () => {
    for (const answer of [refused(503, null), refused(429, "11", "rate_limited"), refused(500, "1", "internal")]) {
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(answer);
      expect(await outcome(send({ attempts: 3, maxWaitSeconds: 10 }))).toBeInstanceOf(ApiRequestError);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it("stops waiting when the caller aborts", async () => {
    fetchMock.mockImplementation(async () => refused(503, "5"));
    const controller = new AbortController();
    const result = outcome(send({ attempts: 3 }, controller.signal));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).not.toBeInstanceOf(ApiRequestError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const at = Date.parse("2026-11-29T03:00:00Z");
    const headed = (value: string) => new Response(null, { status: 503, headers: { "retry-after": value } });
    expect(retryAfterSeconds(headed("7"), at)).toBe(7);
    expect(retryAfterSeconds(headed("Sun, 29 Nov 2026 03:00:04 GMT"), at)).toBe(4);
    expect(retryAfterSeconds(headed("soon"), at)).toBeNull();
    expect(retryAfterSeconds(new Response(null, { status: 503 }), at)).toBeNull();
  });
});
