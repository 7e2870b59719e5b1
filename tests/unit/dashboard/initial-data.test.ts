import { beforeEach, describe, expect, it, vi } from "vitest";
import { activeSubscription, makeCurrent } from "./member-fixtures";

// What is tested is how the reads are put together; each read itself is covered by its route's tests.
const mocks = vi.hoisted(() => ({
  stats: vi.fn(),
  current: vi.fn(),
  history: vi.fn(),
  subscription: vi.fn(),
  seats: vi.fn(),
  botSetup: vi.fn(),
  warn: vi.fn(),
}));
vi.mock("@/server/referrals/stats", () => ({ affiliateStats: mocks.stats }));
vi.mock("@/server/cohorts/member-cohorts", () => ({ currentCohortFrom: mocks.current, cohortHistoryFrom: mocks.history }));
vi.mock("@/server/payments/member-subscription", () => ({ memberSubscriptionStatus: mocks.subscription }));
vi.mock("@/server/db/cohorts/member-seats", () => ({ listMemberSeats: mocks.seats }));
vi.mock("@/server/telegram/member-telegram", () => ({ botSetupProgress: mocks.botSetup }));
vi.mock("@/server/log", () => ({ log: { warn: mocks.warn } }));

const { dashboardInitialData } = await import("@/server/dashboard/initial-data");
const user = { id: "3f0c7a4e-8d1b-4b4e-9a57-2f1c3c1d9e10", email: "member@example.com", role: "authenticated" };
const BOT_SETUP = {
  currentStep: 0,
  completedSteps: [],
  telegramLinked: false,
  telegramUsername: null,
  lastUpdated: null,
  completed: false,
};
const STATS = { visitors: 3, leads: 1, conversions: 0, commission: 0, currency: "usd", pending: 0, due: 0, paid: 0, entries: [] };

beforeEach(() => {
  vi.clearAllMocks();
  mocks.seats.mockResolvedValue([]);
  mocks.botSetup.mockResolvedValue(BOT_SETUP);
});

describe("the dashboard's server reads", () => {
  it("leave out a read that failed (its card asks the API) and keep the others", async () => {
    mocks.stats.mockResolvedValue(STATS);
    mocks.current.mockRejectedValue(new Error("database down"));
    mocks.history.mockResolvedValue([]);
    mocks.subscription.mockResolvedValue(activeSubscription);
    const data = await dashboardInitialData(user);
    expect(data).toEqual({ affiliateStats: STATS, cohortHistory: [], subscription: activeSubscription, botSetup: BOT_SETUP });
    expect("currentCohort" in data).toBe(false);
    expect(mocks.warn).toHaveBeenCalledWith(
      expect.stringContaining("initial read failed"),
      expect.objectContaining({ read: "currentCohort" }),
    );
  });

  it("leave out an answer that is not the route's shape rather than hand it to a card", async () => {
    mocks.stats.mockResolvedValue({ ...STATS, visitors: -1 });
    const seat = makeCurrent();
    mocks.current.mockResolvedValue(seat);
    mocks.history.mockResolvedValue([]);
    mocks.subscription.mockResolvedValue(activeSubscription);
    const data = await dashboardInitialData(user);
    expect(data.affiliateStats).toBeUndefined();
    expect(data.currentCohort).toEqual(seat);
  });

  it("ask for the signed-in member's rows only", async () => {
    mocks.stats.mockResolvedValue(STATS);
    mocks.current.mockResolvedValue(null);
    mocks.history.mockResolvedValue([]);
    mocks.subscription.mockResolvedValue(activeSubscription);
    await dashboardInitialData(user);
    expect(mocks.stats).toHaveBeenCalledWith(user.id);
    expect(mocks.subscription).toHaveBeenCalledWith(user.id);
    expect(mocks.botSetup).toHaveBeenCalledWith(user);
    // The member's seats are read once, for both the cohort card and its history.
    expect(mocks.seats).toHaveBeenCalledTimes(1);
    expect(mocks.seats).toHaveBeenCalledWith(user.id);
    const seats = await (mocks.seats.mock.results[0]!.value as Promise<unknown>);
    expect(mocks.current).toHaveBeenCalledWith(seats);
    expect(mocks.history).toHaveBeenCalledWith(seats);
  });
});
