import { act, fireEvent, screen } from "@testing-library/react";
import { focusManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSupabase } from "../dashboard/member-fixtures";
import { callsTo, json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("../dashboard/member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { BotSetupWalkthrough } from "@/components/dashboard/bot-setup/bot-setup-walkthrough";

// The QR's link lives 15 min on the server and the bot's start link 30 min; the page
// renews each a minute before it lapses, and never shows one that has lapsed.
const EMAIL = "robin@example.com";
const MINUTE = 60_000;
const QR_LIFE = 15 * MINUTE;
const START_LIFE = 30 * MINUTE;

/** A server handing out numbered links that live as long as the real routes' do (by the test's clock). */
function serve(progress: { currentStep: number; completedSteps: number[] }) {
  let qr = 0;
  let start = 0;
  let held: Promise<void> = Promise.resolve();
  const fetchMock = stubFetch({
    "/api/users/me/bot-setup": (init) => {
      if (init?.method === "POST") Object.assign(progress, JSON.parse(String(init.body)) as typeof progress);
      return json(200, { data: { ...progress, telegramLinked: false, telegramUsername: null, lastUpdated: null, completed: false } });
    },
    "/api/telegram/qr-link/status": () => json(200, { data: { scanned: false } }),
    "/api/telegram/qr-link": () => {
      qr += 1;
      const token = String(qr).padStart(43, "q");
      return json(200, {
        data: {
          id: String(qr).padStart(64, "0"),
          url: `http://localhost:3000/api/telegram/qr/${token}`,
          expiresAt: new Date(Date.now() + QR_LIFE).toISOString(),
        },
      });
    },
    "/api/telegram/start-link": async () => {
      await held;
      start += 1;
      return json(200, {
        data: {
          url: `https://t.me/GlucoseCoachBot?start=${String(start).padStart(43, "s")}`,
          expiresAt: new Date(Date.now() + START_LIFE).toISOString(),
        },
      });
    },
  });
  /** Start links wait until the returned function is called. */
  const holdStartLinks = () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    return release;
  };
  return {
    fetchMock,
    holdStartLinks,
    qrCalls: () => callsTo(fetchMock, "/api/telegram/qr-link").filter(([input]) => String(input) === "/api/telegram/qr-link"),
  };
}

/** Moves the fake clock on, letting React and the queries catch up. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const qrHref = () => screen.queryByTestId("qr-link")?.getAttribute("href") ?? null;
const botLink = () => screen.queryByRole("link", { name: "Open the coach bot" })?.getAttribute("href") ?? null;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = fakeSupabase();
  vi.useFakeTimers({ now: new Date("2026-03-02T09:00:00Z"), shouldAdvanceTime: true });
});
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the walkthrough's links renew before they lapse", () => {
  it("replaces the QR's link a minute before its 15 minutes are up, and again after that", async () => {
    const { qrCalls } = serve({ currentStep: 0, completedSteps: [] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await screen.findByTestId("qr-link");
    const first = qrHref();
    expect(first).toMatch(/1$/);
    expect(qrCalls()).toHaveLength(1);

    await pass(13 * MINUTE);
    expect(qrHref()).toBe(first);
    await pass(1 * MINUTE + 5_000);
    expect(qrCalls()).toHaveLength(2);
    expect(qrHref()).toMatch(/2$/);

    await pass(14 * MINUTE + 5_000);
    expect(qrCalls()).toHaveLength(3);
    expect(qrHref()).toMatch(/3$/);
    expect(screen.getByText("Waiting for your phone…")).toBeTruthy();
  });

  it("never shows a lapsed QR link: a tab left in the background gets a new one when it is looked at again", async () => {
    const { qrCalls } = serve({ currentStep: 0, completedSteps: [] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await screen.findByTestId("qr-link");
    act(() => focusManager.setFocused(false));
    await pass(20 * MINUTE);
    expect(qrHref()).toBeNull();
    expect(screen.queryByRole("img", { name: "QR code that continues the set-up on your phone" })).toBeNull();

    act(() => focusManager.setFocused(true));
    await pass(1_000);
    expect(qrHref()).toMatch(/2$/);
    expect(qrCalls()).toHaveLength(2);
  });

  it("replaces the bot's start link a minute before its 30 minutes are up", async () => {
    const { fetchMock } = serve({ currentStep: 3, completedSteps: [0, 1, 2] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await screen.findByRole("link", { name: "Open the coach bot" });
    expect(botLink()).toMatch(/1$/);
    await pass(28 * MINUTE);
    expect(botLink()).toMatch(/1$/);
    await pass(1 * MINUTE + 5_000);
    expect(botLink()).toMatch(/2$/);
    expect(callsTo(fetchMock, "/api/telegram/start-link")).toHaveLength(2);
  });

  it("a start link that lapsed while the step was away is replaced when the step is shown again", async () => {
    const { fetchMock, holdStartLinks } = serve({ currentStep: 3, completedSteps: [0, 1, 2] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await screen.findByRole("link", { name: "Open the coach bot" });
    await pass(27 * MINUTE);
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await screen.findByText("Step 3 of 4");
    await pass(4 * MINUTE);
    const release = holdStartLinks();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Step 4 of 4");
    await pass(1_000);
    expect(botLink()).toBeNull();
    release();
    await pass(1_000);
    expect(botLink()).toMatch(/2$/);
    expect(callsTo(fetchMock, "/api/telegram/start-link")).toHaveLength(2);
  });
});
