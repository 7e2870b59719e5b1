import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSupabase } from "../dashboard/member-fixtures";
import { json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("../dashboard/member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { TELEGRAM_LINK_INCOMPLETE } from "@/components/auth/pending-telegram-id";
import { BotSetupWalkthrough } from "@/components/dashboard/bot-setup/bot-setup-walkthrough";

// The walkthrough's journeys end well: a failed save is undone and said, the spec's
// messages appear where it puts them, a link without a proof is explained, a link names its user.
const EMAIL = "robin@example.com";
const PROOF = `1999999999.${"b".repeat(43)}`;
type Progress = {
  currentStep: number;
  completedSteps: number[];
  telegramLinked: boolean;
  telegramUsername: string | null;
  lastUpdated: string | null;
};

function serve(initial: Partial<Progress> = {}, overrides: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  const progress: Progress = {
    currentStep: 0,
    completedSteps: [],
    telegramLinked: false,
    telegramUsername: null,
    lastUpdated: null,
    ...initial,
  };
  const saves = { fail: false };
  const fetchMock = stubFetch({
    "/api/users/me/bot-setup": (init) => {
      if (init?.method === "POST") {
        if (saves.fail) return new Response("upstream timed out", { status: 504, statusText: "Gateway Timeout" });
        Object.assign(progress, JSON.parse(String(init.body)) as Partial<Progress>);
      }
      return json(200, { data: { ...progress, completed: [0, 1, 2, 3].every((s) => progress.completedSteps.includes(s)) } });
    },
    "/api/telegram/qr-link/status": () => json(200, { data: { scanned: false } }),
    "/api/telegram/qr-link": () =>
      json(200, {
        data: { id: "a".repeat(64), url: "http://localhost:3000/api/telegram/qr/" + "t".repeat(43), expiresAt: "2030-01-01T00:00:00.000Z" },
      }),
    "/api/telegram/start-link": () =>
      json(200, { data: { url: "https://t.me/GlucoseCoachBot?start=" + "s".repeat(43), expiresAt: "2030-01-01T00:00:00.000Z" } }),
    // After the routes above, so a replaced route keeps its place in the prefix order.
    ...overrides,
  });
  return { progress, saves, fetchMock };
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = fakeSupabase();
});
afterEach(() => vi.unstubAllGlobals());

describe("a progress save that fails", () => {
  it("puts the step back as it was saved, says so, and does not move on", async () => {
    const { saves, progress } = serve({ currentStep: 1, completedSteps: [0] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    saves.fail = true;
    fireEvent.click(await screen.findByRole("button", { name: "Mark as done" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith(
        "Failed to save your progress",
        expect.objectContaining({ description: expect.stringMatching(/not saved/) }),
      ),
    );
    expect(screen.getByRole("button", { name: "Mark as done" })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    expect(screen.getByText("Step 2 of 4")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark as done" })).toBeTruthy();
    expect(progress).toMatchObject({ currentStep: 1, completedSteps: [0] });
  });

  it("puts back a step jump that was not saved", async () => {
    const { saves } = serve({ currentStep: 2, completedSteps: [0, 1] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await screen.findByText("Step 3 of 4");
    saves.fail = true;
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText("Step 3 of 4")).toBeTruthy());
  });
});

describe("the spec's messages (SPEC §8)", () => {
  it("'No authenticated user found' when the QR's link is asked for without a signed-in user", async () => {
    serve({}, { "/api/telegram/qr-link": () => json(401, { error: "Authentication required", code: "unauthorized" }) });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    expect((await screen.findByRole("alert")).textContent).toBe("No authenticated user found");
    expect(mocks.toast.error).toHaveBeenCalledWith("No authenticated user found");
  });

  it("'Failed to generate QR code. Please try again.' when it fails otherwise", async () => {
    serve({}, { "/api/telegram/qr-link": () => json(429, { error: "Too many requests", code: "rate_limited" }) });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to generate QR code. Please try again.");
  });

  it("'Failed to link telegram user' when the link call fails without the server's word", async () => {
    localStorage.setItem("gc_pending_telegram_id", "424242");
    localStorage.setItem("gc_pending_telegram_proof", PROOF);
    serve({}, { "/api/auth/link-telegram-user-email": () => new Response("", { status: 502, statusText: "Bad Gateway" }) });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    fireEvent.click(await screen.findByRole("button", { name: "Link Telegram" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith(
        "Failed to link Telegram account. Please try again.",
        expect.objectContaining({ description: "Failed to link telegram user" }),
      ),
    );
  });
});

describe("linking from the bot's sign-in link", () => {
  it("shows the username it linked (SPEC §4: success sets a connected state and the username)", async () => {
    localStorage.setItem("gc_pending_telegram_id", "424242");
    localStorage.setItem("gc_pending_telegram_proof", PROOF);
    localStorage.setItem("gc_pending_telegram_username", "ada_l");
    const { progress } = serve(
      { currentStep: 3, completedSteps: [0, 1, 2] },
      {
        "/api/auth/link-telegram-user-email": () => {
          Object.assign(progress, { telegramLinked: true, telegramUsername: "ada_l", completedSteps: [0, 1, 2, 3] });
          return json(200, { data: { message: "Telegram account linked successfully!", telegramLinked: true } });
        },
      },
    );
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    const dialog = await screen.findByRole("dialog", { name: "Link Telegram user @ada_l to your account?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Link Telegram" }));
    expect(await screen.findByText("Connected as @ada_l.")).toBeTruthy();
  });

  it("says that a Telegram id kept without the bot's proof linked nothing, once, and forgets it", async () => {
    localStorage.setItem("gc_pending_telegram_id", "424242");
    serve();
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await screen.findByText("Step 1 of 4");
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith(
        TELEGRAM_LINK_INCOMPLETE.title,
        expect.objectContaining({ description: expect.stringMatching(/\/start/) }),
      ),
    );
    expect(mocks.toast.error).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("gc_pending_telegram_id")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
