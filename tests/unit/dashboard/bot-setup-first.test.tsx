import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { fakeSupabase, type FakeSupabase } from "../auth/fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { dashboardQueries } from "@/components/dashboard/dashboard-queries";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { publicEnv } from "@/lib/public-env";
import { walkthroughComesFirst } from "@/lib/telegram/bot-setup-rules";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { activeSubscription, noSubscription } from "./member-fixtures";
import { json, stubFetch } from "../enrolment/test-utils";

// For a member who has paid and has not linked the coach bot, the walkthrough is the next
// thing to do: it comes first, above the referral cards, until the bot is linked.
const SESSION_COOKIE = sessionCookieName(publicEnv.supabaseUrl);
const STATS = { visitors: 3, leads: 1, conversions: 0, commission: 0, currency: "usd", pending: 0, due: 0, paid: 0, entries: [] };
const progress = (telegramLinked: boolean) => ({
  currentStep: telegramLinked ? 3 : 1,
  completedSteps: telegramLinked ? [0, 1, 2, 3] : [0],
  telegramLinked,
  telegramUsername: telegramLinked ? "robin" : null,
  lastUpdated: null,
  completed: telegramLinked,
});

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
  const session = { access_token: "member-token", refresh_token: "r", expires_at: Math.floor(Date.now() / 1000) + 3600 };
  document.cookie = `${SESSION_COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}; path=/`;
  stubFetch({ "/api/": () => json(200, { data: null }) });
});
afterEach(() => {
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  vi.unstubAllGlobals();
});

/** Whether the coach bot section comes before the stat cards on the page, as the server rendered it. */
function walkthroughFirst(initialData: DashboardInitialData): boolean {
  // As app/dashboard/page.tsx hands the server's reads over.
  const loadedAt = Date.now();
  const botSetupFirst = walkthroughComesFirst(initialData.subscription?.hasSubscription === true, initialData.botSetup);
  render(
    <DashboardShell
      email="robin@example.com"
      loadedAt={loadedAt}
      queries={dashboardQueries(initialData, loadedAt)}
      botSetupFirst={botSetupFirst}
    />,
  );
  const walkthrough = screen.getByRole("region", { name: /Set up your coach bot|Your coach bot is set up/ });
  const stats = screen.getByTestId("stat-visitors");
  return Boolean(walkthrough.compareDocumentPosition(stats) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe("where the coach bot walkthrough sits on the dashboard", () => {
  it("first, above the referral cards, for a member who has paid and has not linked the bot", () => {
    expect(walkthroughFirst({ affiliateStats: STATS, subscription: activeSubscription, botSetup: progress(false) })).toBe(true);
    expect(screen.getByText("Step 2 of 4")).toBeTruthy();
  });

  it("below the cards once the bot is linked", () => {
    expect(walkthroughFirst({ affiliateStats: STATS, subscription: activeSubscription, botSetup: progress(true) })).toBe(false);
  });

  it("below the cards for a member who has not paid", () => {
    expect(walkthroughFirst({ affiliateStats: STATS, subscription: noSubscription, botSetup: progress(false) })).toBe(false);
  });
});
