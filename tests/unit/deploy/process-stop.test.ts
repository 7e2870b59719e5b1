import diagnosticsChannel from "node:diagnostics_channel";
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installProcessStop, isStopping, resetStopping, type StopHost } from "@/server/process/process-stop";
import { describeConfigurationError } from "@/server/process/configuration-check";
import { requestsQuiet, watchRequests } from "@/server/process/request-quiet";

// D20: a stop finishes what the process is doing. The web server's earlier handler (Next's own:
// close, finish the requests in flight, exit 143/130) runs only once the running jobs finished; the
// worker (no earlier handler) closes what it holds and exits 0; a hung stop ends at the limit.

type FakeHost = StopHost & EventEmitter & { exit: ReturnType<typeof vi.fn> };
const fakeHost = (): FakeHost => Object.assign(new EventEmitter(), { exit: vi.fn() }) as unknown as FakeHost;

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(() => {
  resetStopping();
  vi.useRealTimers();
});

describe("installProcessStop", () => {
  it("takes over the earlier handlers and calls them with the signal once the running jobs finished", async () => {
    const host = fakeHost();
    const next = vi.fn();
    host.on("SIGTERM", next);
    host.on("SIGINT", next);
    const jobs = deferred();
    const said: string[] = [];
    installProcessStop({ finishWork: () => jobs.promise, say: (_level, message) => said.push(message), host });
    expect(host.listenerCount("SIGTERM")).toBe(1);

    host.emit("SIGTERM", "SIGTERM");
    expect(isStopping()).toBe(true);
    await Promise.resolve();
    expect(next).not.toHaveBeenCalled();
    jobs.resolve();
    await vi.waitFor(() => expect(next).toHaveBeenCalledTimes(1));
    expect(next).toHaveBeenCalledWith("SIGTERM");
    expect(host.exit).not.toHaveBeenCalled();
    expect(said[0]).toMatch(/^Stopping/);
  });

  it("hands over only once the requests stopped coming too (the drain), whichever ends last", async () => {
    const host = fakeHost();
    const next = vi.fn();
    host.on("SIGTERM", next);
    const drain = deferred();
    installProcessStop({ finishWork: () => Promise.resolve(), drain: () => drain.promise, say: () => {}, host });
    host.emit("SIGTERM", "SIGTERM");
    await new Promise((resolve) => setImmediate(resolve));
    expect(next).not.toHaveBeenCalled();
    drain.resolve();
    await vi.waitFor(() => expect(next).toHaveBeenCalledWith("SIGTERM"));
  });

  it("handles SIGINT the same way, and a second signal while stopping changes nothing", async () => {
    const host = fakeHost();
    const next = vi.fn();
    host.on("SIGINT", next);
    const finishWork = vi.fn(() => Promise.resolve());
    installProcessStop({ finishWork, say: () => {}, host });
    host.emit("SIGINT", "SIGINT");
    host.emit("SIGINT", "SIGINT");
    host.emit("SIGTERM", "SIGTERM");
    await vi.waitFor(() => expect(next).toHaveBeenCalledWith("SIGINT"));
    expect(finishWork).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("with no earlier handler (the worker) closes what it holds after the jobs and exits 0, also when finishing them failed", async () => {
    const host = fakeHost();
    const order: string[] = [];
    installProcessStop({
      finishWork: async () => {
        order.push("jobs");
        throw new Error("pool gone");
      },
      close: async () => {
        order.push("close");
      },
      say: (level, message) => order.push(`${level}: ${message}`),
      host,
    });
    host.emit("SIGTERM", "SIGTERM");
    await vi.waitFor(() => expect(host.exit).toHaveBeenCalledWith(0));
    expect(order).toEqual([
      "info: Stopping: finishing running jobs and requests in flight",
      "jobs",
      "error: Running jobs could not be finished",
      "close",
      "info: Stopped",
    ]);
  });

  it("ends the process with 1 at the limit when the stop hangs", async () => {
    vi.useFakeTimers();
    const host = fakeHost();
    installProcessStop({ finishWork: () => new Promise<void>(() => {}), say: () => {}, host, limitMs: 25_000 });
    host.emit("SIGTERM", "SIGTERM");
    await vi.advanceTimersByTimeAsync(24_999);
    expect(host.exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(host.exit).toHaveBeenCalledWith(1);
  });
});

describe("requestsQuiet", () => {
  const requestStarts = diagnosticsChannel.channel("http.server.request.start");

  it("waits until no request began for the quiet time, or until the most it may wait", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    watchRequests();
    requestStarts.publish({});
    let quiet = false;
    void requestsQuiet({ quietMs: 1_000, maxMs: 10_000 }).then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(600);
    requestStarts.publish({});
    await vi.advanceTimersByTimeAsync(900);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(quiet).toBe(true);

    // Requests that keep coming: it stops waiting at the most.
    requestStarts.publish({});
    let ended = false;
    void requestsQuiet({ quietMs: 1_000, maxMs: 3_000 }).then(() => (ended = true));
    for (let elapsed = 0; elapsed < 2_900; elapsed += 500) {
      await vi.advanceTimersByTimeAsync(Math.min(500, 2_900 - elapsed));
      requestStarts.publish({});
    }
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(ended).toBe(true);
  });

  it("does not wait when no request came lately", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    watchRequests();
    requestStarts.publish({});
    await vi.advanceTimersByTimeAsync(5_000);
    let quiet = false;
    void requestsQuiet({ quietMs: 1_000, maxMs: 10_000 }).then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(quiet).toBe(true);
  });
});

describe("describeConfigurationError", () => {
  it("lists each problem on a line of its own", () => {
    const error = new Error(
      "APP_ENV=production refuses to start: SMTP_URL not set; STRIPE_SECRET_KEY still holds the committed local value",
    );
    expect(describeConfigurationError(error)).toBe(
      "APP_ENV=production refuses to start\n  - SMTP_URL not set\n  - STRIPE_SECRET_KEY still holds the committed local value",
    );
    expect(describeConfigurationError("no list")).toBe("no list");
  });
});
