import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AffiliateStats } from "@/lib/referrals/referral-schemas";
import { fakeSupabase, noSubscription } from "./member-fixtures";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("./member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { AffiliateDetailsCard } from "@/components/dashboard/affiliate/affiliate-details-card";
import { AffiliateStatCards } from "@/components/dashboard/affiliate/affiliate-stat-cards";
import { affiliateKeys } from "@/components/dashboard/affiliate/affiliate-query-keys";
import { affiliateLinkRetryDelay } from "@/components/dashboard/affiliate/use-affiliate-queries";
import { DashboardSections } from "@/components/dashboard/dashboard-sections";
import { BadgeGallery } from "@/components/dashboard/badges/badge-gallery";
import { FunnelChartCard } from "@/components/dashboard/affiliate/funnel-chart-card";
import { watchScreen } from "../../fixtures/screen-watch";
import { callsTo, json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

const LINK = {
  link: "https://glucosechallenge.app/?via=k7m3-q9xa",
  affiliate_link: "https://glucosechallenge.app/?via=k7m3-q9xa",
  coupon_code: "K7M3-Q9XA",
};
const EMPTY: AffiliateStats = {
  visitors: 0,
  leads: 0,
  conversions: 0,
  commission: 0,
  currency: "usd",
  pending: 0,
  due: 0,
  paid: 0,
  entries: [],
};
const STATS: AffiliateStats = {
  visitors: 1204,
  leads: 12,
  conversions: 3,
  commission: 59.6,
  currency: "usd",
  pending: 29.8,
  due: 0,
  paid: 29.8,
  entries: [
    {
      id: "0b3a1c52-8f0e-4a55-9d7e-5c1c9a7e2f01",
      createdAt: "2026-11-20T10:00:00.000Z",
      reason: "refund",
      description: "Reversed: the payment for the Starter plan was refunded",
      amount: -29.8,
      state: "pending",
      availableAt: "2026-12-19T10:00:00.000Z",
      referredEmail: "f***@e***.com",
    },
    {
      id: "0b3a1c52-8f0e-4a55-9d7e-5c1c9a7e2f02",
      createdAt: "2026-11-19T10:00:00.000Z",
      reason: "first_payment",
      description: "20% of the first payment for the Starter plan",
      amount: 29.8,
      state: "pending",
      availableAt: "2026-12-19T10:00:00.000Z",
      referredEmail: "f***@e***.com",
    },
  ],
};

function funnelOf(days: 30 | 90, daily: (index: number) => { visitors: number; leads: number; conversions: number }) {
  const start = Date.UTC(2026, 10, 25) - (days - 1) * 86_400_000;
  const points = Array.from({ length: days }, (_, index) => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    ...daily(index),
  }));
  const sum = (key: "visitors" | "leads" | "conversions") => points.reduce((total, point) => total + point[key], 0);
  return { days, points, totals: { visitors: sum("visitors"), leads: sum("leads"), conversions: sum("conversions") } };
}
const BADGE = {
  id: "pledge-42",
  name: "Founding 100",
  description: "Pledger #42 of the million-strong glucose health campaign.",
  imageUrl: "/api/campaign/pledges/42/card",
  dateEarned: "2026-11-20T10:00:00.000Z",
  source: "campaign",
  tier: "gold",
};
const FUNNEL_30 = funnelOf(30, (index) =>
  index === 29 ? { visitors: 8, leads: 2, conversions: 1 } : { visitors: 0, leads: 0, conversions: 0 },
);
const FUNNEL_90 = funnelOf(90, (index) => ({ visitors: index % 2, leads: 0, conversions: 0 }));
const QUIET_30 = funnelOf(30, () => ({ visitors: 0, leads: 0, conversions: 0 }));

function serve({
  link = json(200, { data: LINK }),
  stats = json(200, { data: STATS }),
  funnel = (url: string) => json(200, { data: url.endsWith("days=90") ? FUNNEL_90 : FUNNEL_30 }),
  badges = json(200, { data: { badges: [BADGE] } }),
}: {
  link?: Response | Promise<Response>;
  stats?: Response | Promise<Response>;
  funnel?: (url: string) => Response | Promise<Response>;
  badges?: Response | Promise<Response>;
} = {}) {
  let lastFunnelUrl = "";
  const fetchMock = stubFetch({
    "/api/referral/funnel": () => funnel(lastFunnelUrl),
    "/api/users/me/badges": () => badges,
    "/api/referral/get_affiliate_link": () => link,
    "/api/referral/stats": () => stats,
    "/api/referral/lead": () => json(200, { data: { recorded: false } }),
    "/api/cohorts/user/current": () => json(200, { data: null }),
    "/api/cohorts/user/history": () => json(200, { data: [] }),
    "/api/payment/subscription": () => json(200, { data: noSubscription }),
  });
  const routed = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    lastFunnelUrl = String(input);
    return routed(input, init);
  });
  return fetchMock;
}

const clipboard = { writeText: vi.fn() };

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
  Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The hooks retry failed calls with backoff (SPEC §7): let the clock run past every retry. */
async function afterEveryRetry(): Promise<void> {
  await vi.advanceTimersByTimeAsync(120_000);
}

describe("the four stat cards (SPEC §2)", () => {
  it("show visitors, Inquirers (Leads on a phone), Subscribers (Conversions on a phone) and Community Rewards in dollars", async () => {
    serve();
    renderWithQuery(<AffiliateStatCards />);
    await screen.findByText("1,204");
    expect(screen.getByTestId("stat-visitors").textContent).toBe("Total Visitors1,204");
    expect(screen.getByTestId("stat-leads").textContent).toBe("LeadsInquirers12");
    expect(screen.getByTestId("stat-conversions").textContent).toBe("ConversionsSubscribers3");
    expect(screen.getByTestId("stat-commission").textContent).toBe("Community Rewards$59.6020% profit for each person you help");
    expect(within(screen.getByTestId("stat-leads")).getByText("Leads").className).toContain("md:hidden");
  });

  it("say 'Failed to fetch affiliate stats' when the server gives no message, and retry on request", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve({ stats: new Response("", { status: 500 }) });
    renderWithQuery(<AffiliateStatCards />);
    await afterEveryRetry();
    expect(await screen.findByText("Failed to fetch affiliate stats")).toBeTruthy();
    expect(callsTo(fetchMock, "/api/referral/stats")).toHaveLength(3);
    expect(screen.getByTestId("stat-visitors").textContent).toBe("Total Visitors–");
    fireEvent.click(screen.getByRole("button", { name: /Try again/ }));
    await waitFor(() => expect(callsTo(fetchMock, "/api/referral/stats")).toHaveLength(4));
  });

  it("ask with the session's Bearer token", async () => {
    const fetchMock = serve();
    renderWithQuery(<AffiliateStatCards />);
    await screen.findByText("1,204");
    const [, init] = callsTo(fetchMock, "/api/referral/stats")[0]!;
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer member-token");
  });
});

describe("the affiliate details card", () => {
  it("shows the link and coupon code; Copy puts each on the clipboard with the spec's toast", async () => {
    serve();
    clipboard.writeText.mockResolvedValue(undefined);
    renderWithQuery(<AffiliateDetailsCard />);
    expect(((await screen.findByLabelText("Your link")) as HTMLInputElement).value).toBe(LINK.link);
    expect((screen.getByLabelText("Your coupon code") as HTMLInputElement).value).toBe("K7M3-Q9XA");
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Link copied to clipboard!"));
    expect(clipboard.writeText).toHaveBeenCalledWith(LINK.link);
    fireEvent.click(screen.getByRole("button", { name: "Copy code" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Code copied to clipboard!"));
    expect(clipboard.writeText).toHaveBeenLastCalledWith("K7M3-Q9XA");
  });

  it("says 'Failed to copy link' when the clipboard refuses", async () => {
    serve();
    clipboard.writeText.mockRejectedValue(new Error("denied"));
    renderWithQuery(<AffiliateDetailsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Failed to copy link"));
  });

  it("lists the ledger newest first, a reversal with its reason, and the pending / due / paid split", async () => {
    serve();
    renderWithQuery(<AffiliateDetailsCard />);
    const items = within(await screen.findByRole("list", { name: "Reward entries" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Reversed: the payment for the Starter plan was refundedf***@e***.com · 20 Nov 2026−$29.80Pending",
      "20% of the first payment for the Starter planf***@e***.com · 19 Nov 2026$29.80Pending",
    ]);
    expect(screen.getByTestId("rewards-pending").textContent).toBe("$29.80");
    expect(screen.getByTestId("rewards-paid").textContent).toBe("$29.80");
  });

  it("has an empty state, a loading state and the spec's error for the link", async () => {
    serve({ link: new Promise<Response>(() => {}), stats: json(200, { data: EMPTY }) });
    renderWithQuery(<AffiliateDetailsCard />);
    expect(screen.getByText("Loading your affiliate link")).toBeTruthy();
    expect(await screen.findByText(/No rewards yet/)).toBeTruthy();
  });

  it("shows the server's message, or 'Failed to fetch affiliate link', once the 5 retries are spent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve({ link: new Response("<html>Bad gateway</html>", { status: 502 }) });
    renderWithQuery(<AffiliateDetailsCard />);
    await waitFor(() => expect(callsTo(fetchMock, "/api/referral/get_affiliate_link")).toHaveLength(1));
    await afterEveryRetry();
    expect(await screen.findByText("Failed to fetch affiliate link")).toBeTruthy();
    expect(callsTo(fetchMock, "/api/referral/get_affiliate_link")).toHaveLength(6);
  });

  it("says when the coupon code is not ready yet", async () => {
    serve({ link: json(200, { data: { ...LINK, coupon_code: null } }) });
    renderWithQuery(<AffiliateDetailsCard />);
    expect(await screen.findByText("Your coupon code is not ready yet. Please try again in a moment.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copy code" })).toBeNull();
  });
});

describe("caching (SPEC §7)", () => {
  it("keeps the link 5 minutes with 5 retries (backoff capped at 30 s) and the stats 1 minute with 2 retries", async () => {
    serve();
    const { client } = renderWithQuery(<DashboardSections />);
    await screen.findByText("1,204");
    const link = client.getQueryCache().find({ queryKey: affiliateKeys.link() })!.observers[0]!.options;
    const stats = client.getQueryCache().find({ queryKey: affiliateKeys.stats() })!.observers[0]!.options;
    expect([link.staleTime, link.retry, stats.staleTime, stats.retry]).toEqual([300_000, 5, 60_000, 2]);
    expect([1, 2, 4, 5, 9].map(affiliateLinkRetryDelay)).toEqual([2000, 4000, 16_000, 30_000, 30_000]);
  });

  it("the dashboard reports the member's referral once", async () => {
    const fetchMock = serve();
    renderWithQuery(<DashboardSections />);
    await screen.findByText("1,204");
    expect(callsTo(fetchMock, "/api/referral/lead")).toHaveLength(1);
    expect(callsTo(fetchMock, "/api/referral/lead")[0]![1]?.method).toBe("POST");
  });
});

describe("the badge gallery (SPEC §2, §3 Badge)", () => {
  it("shows the member's pledge badge with its tier and card", async () => {
    serve();
    renderWithQuery(<BadgeGallery />);
    const badge = await screen.findByRole("article", { name: "Founding 100" });
    expect(within(badge).getByText("Gold")).toBeTruthy();
    expect(within(badge).getByText("Pledger #42 of the million-strong glucose health campaign.")).toBeTruthy();
    expect(within(badge).getByRole("img").getAttribute("src")).toBe("/api/campaign/pledges/42/card");
  });

  it("shares on LinkedIn, X/Twitter, Facebook and WhatsApp in the spec's URL formats: the pledge's page with the member's code", async () => {
    serve();
    renderWithQuery(<BadgeGallery />);
    const group = await screen.findByRole("group", { name: "Share Founding 100" });
    await waitFor(() =>
      expect(
        within(group)
          .getByRole("link", { name: /^LinkedIn/ })
          .getAttribute("href"),
      ).toContain("k7m3-q9xa"),
    );
    const page = "http://localhost:3000/magic/pledge/42?via=k7m3-q9xa";
    const text =
      "I earned the Founding 100 badge. I just joined the million-strong glucose health campaign! #MillionGlucoseVoices #GlucoseAwareness";
    const [linkedin, twitter, facebook, whatsapp] = within(group)
      .getAllByRole("link")
      .map((link) => new URL(link.getAttribute("href")!));
    expect(`${linkedin!.origin}${linkedin!.pathname}`).toBe("https://www.linkedin.com/shareArticle");
    expect(Object.fromEntries(linkedin!.searchParams)).toEqual({ mini: "true", url: page, summary: text });
    expect(`${twitter!.origin}${twitter!.pathname}`).toBe("https://twitter.com/intent/tweet");
    expect(Object.fromEntries(twitter!.searchParams)).toEqual({ text, url: page });
    expect(`${facebook!.origin}${facebook!.pathname}`).toBe("https://www.facebook.com/sharer/sharer.php");
    expect(Object.fromEntries(facebook!.searchParams)).toEqual({ u: page });
    expect(`${whatsapp!.origin}${whatsapp!.pathname}`).toBe("https://wa.me/");
    expect(Object.fromEntries(whatsapp!.searchParams)).toEqual({ text: `${text} ${page}` });
    for (const link of within(group).getAllByRole("link")) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("copies the badge's message with the link: 'Link copied to clipboard!'", async () => {
    serve();
    clipboard.writeText.mockResolvedValue(undefined);
    renderWithQuery(<BadgeGallery />);
    await waitFor(() => expect(screen.getByRole("link", { name: /^WhatsApp/ }).getAttribute("href")).toContain("k7m3-q9xa"));
    fireEvent.click(screen.getByRole("button", { name: "Copy the Founding 100 share link" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Link copied to clipboard!"));
    expect(clipboard.writeText).toHaveBeenCalledWith(
      expect.stringMatching(/^I earned the Founding 100 badge\. .* http:\/\/localhost:3000\/magic\/pledge\/42\?via=k7m3-q9xa$/),
    );
  });

  it("invites a member without a pledge to take it", async () => {
    serve({ badges: json(200, { data: { badges: [] } }) });
    renderWithQuery(<BadgeGallery />);
    expect(await screen.findByText(/^No badges yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Take the Pledge" }).getAttribute("href")).toBe("/magic");
  });

  it("says when the badges failed to load, after 2 retries", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve({ badges: new Response("", { status: 500 }) });
    renderWithQuery(<BadgeGallery />);
    // The gallery asks once it is near the screen (at once here), then retries on the clock.
    await waitFor(() => expect(callsTo(fetchMock, "/api/users/me/badges")).toHaveLength(1));
    await afterEveryRetry();
    expect(await screen.findByText("Failed to load your badges")).toBeTruthy();
    expect(callsTo(fetchMock, "/api/users/me/badges")).toHaveLength(3);
  });
});

describe("the referral chart", () => {
  it("totals the last 30 days with step rates and draws one line per metric", async () => {
    serve();
    const { container } = renderWithQuery(<FunnelChartCard />);
    await screen.findByRole("img", { name: /8 visits, 2 leads and 1 conversions/ });
    expect(screen.getByTestId("funnel-visitors").textContent).toBe("Visits8");
    expect(screen.getByTestId("funnel-leads").textContent).toBe("Leads225% of visits");
    expect(screen.getByTestId("funnel-conversions").textContent).toBe("Conversions150% of leads");
    expect(container.querySelectorAll("svg path")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("asks for 90 days when that period is chosen", async () => {
    const fetchMock = serve();
    renderWithQuery(<FunnelChartCard />);
    await screen.findByRole("img", { name: /8 visits/ });
    fireEvent.click(screen.getByRole("button", { name: "90 days" }));
    await screen.findByRole("img", { name: /45 visits/ });
    expect(callsTo(fetchMock, "/api/referral/funnel").map(([input]) => String(input))).toEqual([
      "/api/referral/funnel?days=30",
      "/api/referral/funnel?days=90",
    ]);
    expect(screen.getByRole("button", { name: "90 days" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says so when nobody came in the period, and shows the stats error when loading fails", async () => {
    serve({ funnel: () => json(200, { data: QUIET_30 }) });
    renderWithQuery(<FunnelChartCard />);
    expect(await screen.findByText(/Nobody has come through your link in this period yet/)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows 'Failed to fetch affiliate stats' after its 2 retries", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve({ funnel: () => new Response("", { status: 500 }) });
    renderWithQuery(<FunnelChartCard />);
    await waitFor(() => expect(callsTo(fetchMock, "/api/referral/funnel")).toHaveLength(1));
    await afterEveryRetry();
    expect(await screen.findByText("Failed to fetch affiliate stats")).toBeTruthy();
    expect(callsTo(fetchMock, "/api/referral/funnel")).toHaveLength(3);
  });
});

describe("the cards below the fold", () => {
  it("ask for the link, the badges and the chart only once each card comes near the screen", async () => {
    const screenWatch = watchScreen();
    const fetchMock = serve();
    renderWithQuery(<DashboardSections />);
    await screen.findByText("1,204");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const asked = (path: string) => callsTo(fetchMock, path).length;
    expect([asked("/api/referral/get_affiliate_link"), asked("/api/users/me/badges"), asked("/api/referral/funnel")]).toEqual([0, 0, 0]);
    expect(screen.getByText("Loading your badges")).toBeTruthy();
    const cards = screen.getAllByRole("region").filter((card) => screenWatch.watchers.some((w) => w.target === card));
    expect(cards.map((card) => card.getAttribute("aria-busy"))).toEqual(["true", "true", "true"]);
    expect(screenWatch.watchers.filter((w) => cards.includes(w.target as HTMLElement)).map((w) => w.margin)).toEqual([
      "300px",
      "300px",
      "300px",
    ]);

    screenWatch.reach(screen.getByRole("region", { name: "Your Badges" }));
    expect(await screen.findByRole("article", { name: "Founding 100" })).toBeTruthy();
    // The gallery's share links carry the member's code, so it asks for the link too.
    expect([asked("/api/referral/get_affiliate_link"), asked("/api/users/me/badges"), asked("/api/referral/funnel")]).toEqual([1, 1, 0]);

    screenWatch.reach(screen.getByRole("region", { name: "Your referrals over time" }));
    expect(await screen.findByRole("img")).toBeTruthy();
    expect(asked("/api/referral/funnel")).toBe(1);
    // The details card's link is the one the gallery already asked for.
    screenWatch.reach(screen.getByRole("region", { name: /affiliate/i }));
    expect(await screen.findByDisplayValue(LINK.link)).toBeTruthy();
    expect(asked("/api/referral/get_affiliate_link")).toBe(1);
  });
});
