import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyCodeLoaded } from "../../fixtures/lazy-code";
import { watchScreen } from "../../fixtures/screen-watch";
import { fakeSupabase } from "../dashboard/member-fixtures";
import { json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("../dashboard/member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { mobileLoginLinkSent } from "@/components/dashboard/bot-setup/bot-setup-steps";
import { BOT_NOT_LINKED, BOT_NOT_LINKED_TEXT, BOT_SET_UP } from "@/components/dashboard/bot-setup/bot-setup-status-cards";
import { BotSetupWalkthrough } from "@/components/dashboard/bot-setup/bot-setup-walkthrough";
import { openBotSetup } from "@/components/dashboard/bot-setup/open-bot-setup";

const EMAIL = "robin@example.com";
type Progress = {
  currentStep: number;
  completedSteps: number[];
  telegramLinked: boolean;
  telegramUsername: string | null;
  lastUpdated: string | null;
};

/** A server that keeps the member's progress as the bot-setup route does. */
function serve(initial: Partial<Progress> = {}, scanned = { value: false }) {
  const progress: Progress = {
    currentStep: 0,
    completedSteps: [],
    telegramLinked: false,
    telegramUsername: null,
    lastUpdated: null,
    ...initial,
  };
  const saves: unknown[] = [];
  /** When each save arrived (performance.now()), in the order of `saves`. */
  const savedAt: number[] = [];
  const answer = () => json(200, { data: { ...progress, completed: [0, 1, 2, 3].every((s) => progress.completedSteps.includes(s)) } });
  const fetchMock = stubFetch({
    "/api/users/me/bot-setup": (init) => {
      if (init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as { currentStep: number; completedSteps: number[] };
        saves.push(body);
        savedAt.push(performance.now());
        progress.currentStep = body.currentStep;
        progress.completedSteps = [...new Set(body.completedSteps)].sort();
      }
      return answer();
    },
    "/api/telegram/qr-link/status": () => json(200, { data: { scanned: scanned.value } }),
    "/api/telegram/qr-link": () =>
      json(200, {
        data: { id: "a".repeat(64), url: "http://localhost:3000/api/telegram/qr/" + "t".repeat(43), expiresAt: "2030-01-01T00:00:00.000Z" },
      }),
    "/api/telegram/start-link": () =>
      json(200, { data: { url: "https://t.me/GlucoseCoachBot?start=" + "s".repeat(43), expiresAt: "2030-01-01T00:00:00.000Z" } }),
  });
  return { progress, saves, savedAt, fetchMock };
}

const PROOF = `1999999999.${"b".repeat(43)}`;

/** Adds the link-telegram-user-email answer to a stubbed fetch. */
function stubLink(fetchMock: ReturnType<typeof stubFetch>, answer: (init: RequestInit | undefined) => Response) {
  const original = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith("/api/auth/link-telegram-user-email") ? answer(init) : original(input, init),
  );
}

/** The QR image, once the code that draws it (loaded when the QR is shown) has arrived. */
async function qrImage() {
  await lazyCodeLoaded(import("@/components/dashboard/bot-setup/qr-code-image"));
  return screen.findByRole("img", { name: "QR code that continues the set-up on your phone" });
}

const region = () =>
  screen.getByRole("region", { name: /Set up your coach bot|Your coach bot is set up|Your coach bot is not linked yet/ });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = fakeSupabase();
});
afterEach(() => vi.unstubAllGlobals());

describe("the coach bot walkthrough (SPEC §4)", () => {
  it("starts at step 1 of 4 with Next disabled and later steps out of reach", async () => {
    serve();
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    expect(await screen.findByText("Step 1 of 4")).toBeTruthy();
    const steps = within(screen.getByRole("navigation", { name: "Set-up steps" }));
    expect(steps.getByRole("button", { name: /Prepare Your Phone/ }).getAttribute("aria-current")).toBe("step");
    expect((steps.getByRole("button", { name: /Download the messaging app/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    expect(await qrImage()).toBeTruthy();
  });

  it("makes the QR's one-time link only once the step comes near the screen", async () => {
    const screenWatch = watchScreen();
    const { fetchMock } = serve();
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    expect(await screen.findByText("Step 1 of 4")).toBeTruthy();
    const qrCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/api/telegram/qr-link"));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(qrCalls()).toHaveLength(0);
    expect(screen.queryByRole("img", { name: "QR code that continues the set-up on your phone" })).toBeNull();

    const watcher = screenWatch.watchers.at(-1)!;
    expect(watcher.margin).toBe("300px");
    screenWatch.enter(watcher);
    expect(await qrImage()).toBeTruthy();
    expect(qrCalls().filter(([input]) => String(input) === "/api/telegram/qr-link")).toHaveLength(1);
  });

  it("marks a step done, saves it, and moves on after 0.5 s", async () => {
    const { saves, savedAt } = serve({ currentStep: 1, completedSteps: [0] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    const done = await screen.findByRole("button", { name: "Mark as done" });
    const pressedAt = performance.now();
    fireEvent.click(done);
    await waitFor(() => expect(saves).toContainEqual({ currentStep: 1, completedSteps: [0, 1] }));
    await waitFor(() => expect(screen.getByText("Step 3 of 4")).toBeTruthy());
    expect(saves.at(-1)).toEqual({ currentStep: 2, completedSteps: [0, 1] });
    // Not at once: half a second after the press at the earliest (on a busy machine, later).
    expect(savedAt.at(-1)! - pressedAt).toBeGreaterThanOrEqual(490);
  });

  it("when the phone opens the QR link, says where the sign-in link went and moves on after 1 s", async () => {
    const scanned = { value: false };
    const { saves, savedAt } = serve({}, scanned);
    let toastAt = Number.NaN;
    mocks.toast.success.mockImplementationOnce(() => void (toastAt = performance.now()));
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await qrImage();
    scanned.value = true;
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith(mobileLoginLinkSent(EMAIL)));
    expect(mobileLoginLinkSent(EMAIL)).toBe(
      "A secure login link has been sent to robin@example.com. Please check your email and click the link to continue on your mobile device.",
    );
    await waitFor(() => expect(screen.getByText("Step 2 of 4")).toBeTruthy());
    expect(saves.at(-1)).toEqual({ currentStep: 1, completedSteps: [0] });
    // Not at once: a second after the toast at the earliest (on a busy machine, later).
    expect(savedAt.at(-1)! - toastAt).toBeGreaterThanOrEqual(990);
  });

  it("hides itself once all four steps are done, until the header forces it open", async () => {
    serve({ currentStep: 3, completedSteps: [0, 1, 2, 3], telegramLinked: true, telegramUsername: "robin" });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    expect(await screen.findByRole("heading", { name: "Your coach bot is set up" })).toBeTruthy();
    expect(screen.getByText("Connected as @robin.")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Set-up steps" })).toBeNull();
    act(() => openBotSetup());
    expect(await screen.findByText("Step 4 of 4")).toBeTruthy();
    expect(within(region()).getByRole("status").textContent).toContain("Connected as @robin.");
  });

  it("opens from the address: the header's link followed before the page was interactive, or /dashboard#bot-setup shared", async () => {
    serve({ currentStep: 3, completedSteps: [0, 1, 2, 3], telegramLinked: true, telegramUsername: "robin" });
    window.history.replaceState(null, "", "/dashboard#bot-setup");
    try {
      renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
      expect(await screen.findByText("Step 4 of 4")).toBeTruthy();
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("opens when the address changes to #bot-setup after it mounted", async () => {
    serve({ currentStep: 3, completedSteps: [0, 1, 2, 3], telegramLinked: true, telegramUsername: "robin" });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    expect(await screen.findByRole("heading", { name: "Your coach bot is set up" })).toBeTruthy();
    expect(screen.queryByText("Step 4 of 4")).toBeNull();
    try {
      act(() => {
        window.history.replaceState(null, "", "/dashboard#bot-setup");
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      });
      expect(await screen.findByText("Step 4 of 4")).toBeTruthy();
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("marking step 4 done without the bot ever seeing the member does not say the bot is set up: it says what is missing and offers the link again", async () => {
    const { saves } = serve({ currentStep: 3, completedSteps: [0, 1, 2] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    fireEvent.click(await screen.findByRole("button", { name: "Mark as done" }));
    await waitFor(() => expect(saves).toContainEqual({ currentStep: 3, completedSteps: [0, 1, 2, 3] }));
    expect(await screen.findByRole("heading", { name: BOT_NOT_LINKED })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: BOT_SET_UP })).toBeNull();
    expect(within(region()).getByText(BOT_NOT_LINKED_TEXT)).toBeTruthy();
    const open = await within(region()).findByRole("link", { name: "Open the coach bot" });
    expect(open.getAttribute("href")).toBe("https://t.me/GlucoseCoachBot?start=" + "s".repeat(43));
    expect(within(region()).getByRole("button", { name: "Show set-up steps" })).toBeTruthy();
  });

  it("turns into 'Your coach bot is set up' once the bot links the chat", async () => {
    const { progress } = serve({ currentStep: 3, completedSteps: [0, 1, 2, 3] });
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    expect(await screen.findByRole("heading", { name: BOT_NOT_LINKED })).toBeTruthy();
    progress.telegramLinked = true;
    progress.telegramUsername = "robin";
    // The card asks again every 2 s while the bot has not seen the member.
    expect(await screen.findByRole("heading", { name: BOT_SET_UP }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("Connected as @robin.")).toBeTruthy();
  });

  it("links nothing on arrival: it asks 'Link Telegram user @mallory_m to your account?' and sends nothing until the member answers", async () => {
    localStorage.setItem("gc_pending_telegram_id", "424242");
    localStorage.setItem("gc_pending_telegram_proof", PROOF);
    localStorage.setItem("gc_pending_telegram_username", "mallory_m");
    const { fetchMock } = serve();
    const link = vi.fn(() => json(200, { data: { message: "Telegram account linked successfully!", telegramLinked: true } }));
    stubLink(fetchMock, link);
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    const dialog = await screen.findByRole("dialog", { name: "Link Telegram user @mallory_m to your account?" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(link).not.toHaveBeenCalled();
    expect(within(dialog).queryByText(/This replaces/)).toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Link Telegram" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Telegram account linked successfully!"));
    expect(link).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((link.mock.calls[0] as unknown as [RequestInit])[0].body))).toEqual({
      telegram_id: "424242",
      telegram_username: "mallory_m",
      email: EMAIL,
      proof: PROOF,
    });
    expect(localStorage.getItem("gc_pending_telegram_id")).toBeNull();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("names a Telegram user without a username as such, by its id, warns that an id proves nothing to the member, says which link it would replace, and 'Don't link' sends nothing", async () => {
    localStorage.setItem("gc_pending_telegram_id", "424242");
    localStorage.setItem("gc_pending_telegram_proof", PROOF);
    const { fetchMock } = serve({ currentStep: 3, completedSteps: [0, 1, 2, 3], telegramLinked: true, telegramUsername: "robin" });
    const link = vi.fn(() => json(200, { data: { message: "Telegram account linked successfully!", telegramLinked: true } }));
    stubLink(fetchMock, link);
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    const dialog = await screen.findByRole("dialog", { name: "Link the Telegram user without a username, id 424242, to your account?" });
    // An id is nothing a member can recognise: the dialog says how to tell it is theirs.
    expect(
      within(dialog).getByText(
        "Telegram shows no id in its app: link it only if you opened this page from the coach bot's message in your own Telegram just now.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("This replaces the Telegram account linked now (@robin), and that chat will be told.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Don't link" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(link).not.toHaveBeenCalled();
    expect(localStorage.getItem("gc_pending_telegram_id")).toBeNull();
    expect(localStorage.getItem("gc_pending_telegram_proof")).toBeNull();
  });

  it("says 'Failed to link Telegram account. Please try again.' when the server refuses", async () => {
    localStorage.setItem("gc_pending_telegram_id", "424242");
    localStorage.setItem("gc_pending_telegram_proof", PROOF);
    const { fetchMock } = serve();
    stubLink(fetchMock, () => json(409, { error: "Failed to link Telegram account. Please try again.", code: "conflict" }));
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    fireEvent.click(await screen.findByRole("button", { name: "Link Telegram" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith(
        "Failed to link Telegram account. Please try again.",
        expect.objectContaining({ description: undefined }),
      ),
    );
  });

  it("on the phone, opens at the step in the address and counts the QR as scanned", async () => {
    window.history.replaceState(null, "", "/dashboard?step=1&mobile=true&qr=true");
    const { saves } = serve();
    renderWithQuery(<BotSetupWalkthrough email={EMAIL} />);
    await waitFor(() => expect(saves).toContainEqual({ currentStep: 1, completedSteps: [0] }));
    expect(await screen.findByText("Step 2 of 4")).toBeTruthy();
    window.history.replaceState(null, "", "/");
  });
});
