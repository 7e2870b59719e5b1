import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { PLEDGE_BUSY_FAILED, PLEDGE_BUSY_STATUS, PledgeDrawer } from "@/components/campaign/magic/pledge-drawer";
import { PLEDGE_BUSY_ATTEMPTS } from "@/components/campaign/shared/campaign-api";

// Drawing confetti needs a canvas, which jsdom has not.
vi.mock("canvas-confetti", () => ({ default: { create: () => () => undefined } }));

const BUSY_BODY = { error: "We're busy right now and did not take this in. Please try again in a few seconds.", code: "busy" };
const busy = (retryAfter = "2") =>
  new Response(JSON.stringify(BUSY_BODY), { status: 503, headers: { "content-type": "application/json", "retry-after": retryAfter } });
const accepted = () =>
  new Response(JSON.stringify({ data: { received: true } }), { status: 202, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  // No jitter: each wait is exactly what Retry-After asks.
  vi.spyOn(Math, "random").mockReturnValue(0);
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Lets pending answers and renders settle, moving the clock on by `ms`. */
const pass = (ms = 0) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

async function pledgeAsMaya() {
  const view = render(<PledgeDrawer open onOpenChange={() => {}} />);
  fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Maya Rivera" } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "maya@example.com" } });
  fireEvent.click(screen.getByRole("button", { name: "Take the Pledge" }));
  await pass();
  return view;
}

const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

describe("the pledge drawer at a peak", () => {
  it("says it is busy, waits what the server asks and sends the same pledge again by itself", async () => {
    fetchMock.mockResolvedValueOnce(busy("2")).mockResolvedValueOnce(accepted());
    await pledgeAsMaya();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status").textContent).toBe(PLEDGE_BUSY_STATUS);
    expect(screen.getByRole("alert").textContent).toBe("");
    expect(screen.getByRole("button", { name: "Taking the pledge…" }).hasAttribute("disabled")).toBe(true);

    // Not before the two seconds it was asked to wait.
    await pass(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBodies()).toEqual([
      { name: "Maya Rivera", email: "maya@example.com" },
      { name: "Maya Rivera", email: "maya@example.com" },
    ]);
    expect(fetchMock.mock.calls.every(([path, init]) => path === "/api/campaign/pledges" && (init as RequestInit).method === "POST")).toBe(
      true,
    );

    expect(screen.getByRole("status").textContent).toBe("Check your inbox to confirm your pledge");
    expect(screen.getByText(/We have sent a confirmation link to maya@example\.com/)).toBeTruthy();
  });

  it("adds up to half the asked wait as jitter, so a crowd turned away together does not come back together", async () => {
    vi.mocked(Math.random).mockReturnValue(0.5);
    fetchMock.mockResolvedValueOnce(busy("4")).mockResolvedValueOnce(accepted());
    await pledgeAsMaya();
    // Four seconds and a quarter more (half of the asked wait at most).
    await pass(4999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("gives up after its retries with a clear error and a retry button that sends the kept details", async () => {
    fetchMock.mockImplementation(async () => busy("1"));
    await pledgeAsMaya();
    for (let i = 0; i < PLEDGE_BUSY_ATTEMPTS; i += 1) {
      expect(screen.getByRole("status").textContent).toBe(PLEDGE_BUSY_STATUS);
      await pass(1000);
    }
    expect(fetchMock).toHaveBeenCalledTimes(1 + PLEDGE_BUSY_ATTEMPTS);
    // No more sends however long it waits.
    await pass(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1 + PLEDGE_BUSY_ATTEMPTS);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getByRole("alert").textContent).toBe(PLEDGE_BUSY_FAILED);
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("maya@example.com");

    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(accepted());
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await pass();
    expect(sentBodies()).toEqual([{ name: "Maya Rivera", email: "maya@example.com" }]);
    expect(screen.getByRole("status").textContent).toBe("Check your inbox to confirm your pledge");
  });

  it("does not wait out a rate limit's minutes: it shows the server's message at once", async () => {
    const limited = { error: "Too many requests. Please wait a moment and try again.", code: "rate_limited" };
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(limited), { status: 429, headers: { "content-type": "application/json", "retry-after": "540" } }),
    );
    await pledgeAsMaya();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getByRole("alert").textContent).toBe(limited.error);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("sends nothing more once the drawer is gone", async () => {
    fetchMock.mockImplementation(async () => busy("2"));
    const { unmount } = await pledgeAsMaya();
    expect(screen.getByRole("status").textContent).toBe(PLEDGE_BUSY_STATUS);
    unmount();
    await pass(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
