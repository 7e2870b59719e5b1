import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), push: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  redirect: vi.fn(),
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/enrolment/payment/redirect-to-checkout", () => ({ redirectToCheckout: mocks.redirect }));
vi.mock("@/components/api/access-token", () => ({ readAccessToken: async () => null }));

import { PaymentFlow } from "@/components/enrolment/payment/payment-flow";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { storageKeys } from "@/lib/storage-keys";
import { makeCohort } from "./cohort-fixtures";
import { callsTo, json, renderWithQuery, stubFetch } from "./test-utils";
import { noToAll } from "./safety-screen-fixture";

const choice = parsePlanChoice({ plan: "starter", cgm: "true" })!;
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
const userInfo = { agreeToTerms: true, termsVersion: "2025-07-31", termsAcceptedAt: "2025-11-15T10:00:00.000Z", safetyScreen: noToAll };

function storeDraft(draft: Record<string, unknown>) {
  sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify(draft));
}

function storedDraft(): Record<string, unknown> {
  return JSON.parse(sessionStorage.getItem(storageKeys.enrolmentDraft) ?? "{}") as Record<string, unknown>;
}

function serveCohorts(list: () => Cohort[], checkout?: () => Response) {
  return stubFetch({
    "/api/cohorts": () => json(200, { data: list() }),
    "/api/payment/create-checkout-session": checkout ?? (() => json(500, { error: "unexpected" })),
  });
}

const stepper = () => screen.getByRole("navigation", { name: "Enrolment steps" });

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  window.scrollTo = vi.fn();
  window.history.replaceState(null, "", "/payment?plan=starter&cgm=true");
});
afterEach(() => vi.unstubAllGlobals());

describe("/payment guard (D12)", () => {
  it("sends a visitor without completed user info back to /user-info with the plan", async () => {
    serveCohorts(() => []);
    storeDraft({ userInfo: { cgmExperience: "yes" } });
    renderWithQuery(<PaymentFlow choice={choice} initialStep="cohort" />);
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/user-info?plan=starter&cgm=true"));
  });
});

describe("/payment step 2: choose cohort", () => {
  it("marks step 2 current, links step 1 back to /user-info and keeps Continue disabled until a cohort is chosen", async () => {
    const cohort = makeCohort({ cohort_name: "Kickstart", start_cohort_date: inAWeek, end_cohort_date: null });
    serveCohorts(() => [cohort]);
    storeDraft({ userInfo });
    renderWithQuery(<PaymentFlow choice={choice} initialStep="cohort" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Choose Cohort" })).toBeTruthy();
    expect(stepper().querySelector('[aria-current="step"]')?.textContent).toContain("Choose Cohort");
    expect(screen.getByRole("link", { name: /Your Information/ }).getAttribute("href")).toBe("/user-info?plan=starter&cgm=true");
    const next = screen.getByRole("button", { name: "Continue to Payment" }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(await screen.findByRole("button", { name: "Select Kickstart" }));
    expect(next.disabled).toBe(false);
    expect(storedDraft().cohortId).toBe(cohort.id);
    fireEvent.click(screen.getByRole("button", { name: "Back to Information" }));
    expect(mocks.router.push).toHaveBeenCalledWith("/user-info?plan=starter&cgm=true");
  });

  it("lets go of a remembered cohort that is gone, with a clear message", async () => {
    serveCohorts(() => [makeCohort({ start_cohort_date: inAWeek, end_cohort_date: null })]);
    storeDraft({ userInfo, cohortId: "0c0a0000-0000-4000-8000-00000000dead" });
    renderWithQuery(<PaymentFlow choice={choice} initialStep="pay" />);
    expect(await screen.findByText("The cohort you chose earlier is no longer available. Please choose another one.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Choose Cohort");
    expect((screen.getByRole("button", { name: "Continue to Payment" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lets go of a remembered cohort that has filled up", async () => {
    const full = makeCohort({ start_cohort_date: inAWeek, end_cohort_date: null, prospective_participant_count: 20, participant_cap: 20 });
    serveCohorts(() => [full]);
    storeDraft({ userInfo, cohortId: full.id });
    renderWithQuery(<PaymentFlow choice={choice} initialStep="cohort" />);
    expect(await screen.findByText("The cohort you chose earlier is now full. Please choose another one.")).toBeTruthy();
  });
});

describe("/payment step 3: pay", () => {
  it("opens on Continue, keeps the step in the URL and goes back through the step bar", async () => {
    const cohort = makeCohort({ cohort_name: "Kickstart", start_cohort_date: inAWeek, end_cohort_date: null });
    serveCohorts(() => [cohort]);
    storeDraft({ userInfo, cohortId: cohort.id });
    renderWithQuery(<PaymentFlow choice={choice} initialStep="cohort" />);
    fireEvent.click(await screen.findByRole("button", { name: "Continue to Payment" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment");
    expect(window.location.search).toBe("?plan=starter&cgm=true&step=pay");
    expect(await screen.findByRole("button", { name: "Pay $160.92 with Stripe" })).toBeTruthy();
    fireEvent.click(within(stepper()).getByRole("button", { name: /Choose Cohort/ }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Choose Cohort");
    expect(window.location.search).toBe("?plan=starter&cgm=true");
  });

  it("on a 409 returns to step 2, says the cohort filled up and fetches the cohorts again", async () => {
    let cohort = makeCohort({ cohort_name: "Kickstart", start_cohort_date: inAWeek, end_cohort_date: null });
    const fetchMock = serveCohorts(
      () => [cohort],
      () => json(409, { error: "This cohort is full", code: "cohort_full" }),
    );
    storeDraft({ userInfo, cohortId: cohort.id });
    renderWithQuery(<PaymentFlow choice={choice} initialStep="pay" />);
    const pay = await screen.findByRole("button", { name: "Pay $160.92 with Stripe" });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    cohort = { ...cohort, prospective_participant_count: cohort.participant_cap };
    fireEvent.click(pay);
    expect(await screen.findByText("This cohort is full. Please choose another one.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Choose Cohort");
    expect(mocks.toast.error).toHaveBeenCalledWith("Payment Error", { description: "This cohort is full" });
    expect(storedDraft().cohortId).toBeUndefined();
    await waitFor(() => expect(callsTo(fetchMock, "/api/cohorts").length).toBe(2));
    expect(await screen.findByRole("button", { name: "Full – Kickstart" })).toBeTruthy();
  });
});
