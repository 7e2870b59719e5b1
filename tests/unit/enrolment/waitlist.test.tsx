import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
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

import { CohortPicker } from "@/components/enrolment/cohorts/cohort-picker";
import { PaymentFlow } from "@/components/enrolment/payment/payment-flow";
import { WaitlistClaim } from "@/components/enrolment/waitlist/waitlist-claim";
import { WaitlistConfirmation } from "@/components/enrolment/waitlist/waitlist-confirmation";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { storageKeys } from "@/lib/storage-keys";
import type { WaitlistOffer } from "@/lib/waitlist/waitlist-schemas";
import { makeCohort } from "./cohort-fixtures";
import { callsTo, json, renderWithQuery, stubFetch, testQueryClient } from "./test-utils";
import { noToAll } from "./safety-screen-fixture";

// Waitlist in the browser: joining from a full cohort's card, confirming, and a claim
// link leading to the payment of the held place.

const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
const TOKEN = "t".repeat(43);
const choice = parsePlanChoice({ plan: "starter", cgm: "true" })!;
const userInfo = { agreeToTerms: true, termsVersion: "2025-07-31", termsAcceptedAt: "2025-11-15T10:00:00.000Z", safetyScreen: noToAll };
const fullCohort = (name: string) =>
  makeCohort({
    cohort_name: name,
    start_cohort_date: inAWeek,
    end_cohort_date: null,
    prospective_participant_count: 20,
    participant_cap: 20,
  });

const storedDraft = () => JSON.parse(sessionStorage.getItem(storageKeys.enrolmentDraft) ?? "{}") as Record<string, unknown>;

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  window.scrollTo = vi.fn();
  window.history.replaceState(null, "", "/payment?plan=starter&cgm=true");
});
afterEach(() => vi.unstubAllGlobals());

function renderPicker(cohorts: Cohort[], client = testQueryClient()) {
  return renderWithQuery(<CohortPicker selectedId={null} onSelect={vi.fn()} now={new Date()} />, client);
}

describe("'Join the waitlist' on a full cohort", () => {
  it("is offered only on a full cohort, asks for an email and says to confirm it", async () => {
    const full = fullCohort("Packed");
    const open = makeCohort({ cohort_name: "Roomy", start_cohort_date: inAWeek, end_cohort_date: null });
    const fetchMock = stubFetch({
      "/api/cohorts/": (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ email: "wendy@example.com" });
        return json(202, { data: { received: true } });
      },
      "/api/cohorts": () => json(200, { data: [full, open] }),
    });
    renderPicker([full, open]);
    const packed = (await screen.findByRole("button", { name: "Full – Packed" })).closest("li")!;
    expect(
      within(screen.getByRole("button", { name: "Select Roomy" }).closest("li")!).queryByRole("button", { name: /Join the waitlist/ }),
    ).toBeNull();

    fireEvent.click(within(packed).getByRole("button", { name: "Join the waitlist for Packed" }));
    const form = within(packed).getByRole("form", { name: "Join the waitlist for Packed" });
    fireEvent.change(within(form).getByLabelText("Your email"), { target: { value: "not an address" } });
    fireEvent.click(within(form).getByRole("button", { name: "Join the waitlist" }));
    expect(within(form).getByRole("alert").textContent).toBe("Please enter a valid email address.");
    expect(callsTo(fetchMock, "/api/cohorts/")).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText("Your email"), { target: { value: "wendy@example.com" } });
    fireEvent.click(within(form).getByRole("button", { name: "Join the waitlist" }));
    expect((await within(packed).findByRole("status")).textContent).toBe(
      "Check your email: confirm your address to take your place on the waitlist.",
    );
    expect(callsTo(fetchMock, `/api/cohorts/${full.id}/waitlist`)).toHaveLength(1);
    // Joining selects nothing: a full cohort stays unselectable.
    expect(packed.getAttribute("data-selected")).toBe("false");
  });

  it("a signed-in member's own address is on the waitlist at once, and the card says so", async () => {
    const full = fullCohort("Booked");
    stubFetch({
      "/api/cohorts/": () => json(202, { data: { received: true, queued: true } }),
      "/api/cohorts": () => json(200, { data: [full] }),
    });
    renderPicker([full]);
    fireEvent.click(await screen.findByRole("button", { name: "Join the waitlist for Booked" }));
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "member@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect((await screen.findByRole("status")).textContent).toBe("You're on the waitlist. We'll email you when a place frees up.");
  });

  it("when a place has freed meanwhile, says so and fetches the cohorts again", async () => {
    const full = fullCohort("Freed");
    const message = "A place is free in this cohort again. Choose it to continue.";
    const fetchMock = stubFetch({
      "/api/cohorts/": () => json(409, { error: message, code: "conflict" }),
      "/api/cohorts": () => json(200, { data: [full] }),
    });
    renderPicker([full]);
    fireEvent.click(await screen.findByRole("button", { name: "Join the waitlist for Freed" }));
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "late@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    await waitFor(() => expect(callsTo(fetchMock, "/api/cohorts?").length).toBe(2));
  });
});

describe("a claimed offer on /payment", () => {
  const claim = (cohort: Cohort, expiresAt = tomorrow) => ({
    token: TOKEN,
    cohortId: cohort.id,
    cohortName: cohort.cohort_name,
    expiresAt,
  });

  it("goes straight to payment for the held cohort though it is full to everyone else, and pays with the claim", async () => {
    const held = fullCohort("Held Place");
    const fetchMock = stubFetch({
      "/api/cohorts": () => json(200, { data: [held] }),
      "/api/payment/create-checkout-session": () =>
        json(200, {
          data: { sessionUrl: "https://checkout.stripe.test/c/pay/cs_test_9", sessionId: "cs_test_9", sessionSecret: "s".repeat(43) },
        }),
    });
    sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ userInfo, cohortId: held.id, waitlistClaim: claim(held) }));
    renderWithQuery(<PaymentFlow choice={choice} initialStep="cohort" />);
    // The offer fixes the cohort: no cohort step on the way to pay.
    const pay = await screen.findByRole("button", { name: "Pay $160.92 with Stripe" });
    expect(window.location.search).toBe("?plan=starter&cgm=true&step=pay");
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(mocks.redirect).toHaveBeenCalled());
    const [, init] = callsTo(fetchMock, "/api/payment/create-checkout-session")[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ cohortId: held.id, waitlistClaimToken: TOKEN });
  });

  it("Back from payment still shows the held place among the cohorts, says until when, and the way on again", async () => {
    const held = fullCohort("Held Place");
    stubFetch({ "/api/cohorts": () => json(200, { data: [held] }) });
    sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ userInfo, cohortId: held.id, waitlistClaim: claim(held) }));
    renderWithQuery(<PaymentFlow choice={choice} initialStep="cohort" />);
    await screen.findByRole("button", { name: "Pay $160.92 with Stripe" });
    fireEvent.click(screen.getByRole("button", { name: /^Back/ }));
    expect((await screen.findByText(/^A place in Held Place is held for you until /)).textContent).toContain(
      "Choose it and pay to take it.",
    );
    const card = (await screen.findByRole("button", { name: "Selected Held Place" })).closest("li")!;
    expect(within(card).getByText("Held for you")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /Join the waitlist/ })).toBeNull();
    expect(screen.queryByText("The cohort you chose earlier is now full. Please choose another one.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByRole("button", { name: "Pay $160.92 with Stripe" })).toBeTruthy();
  });

  it("a lapsed offer is not used: the full cohort is let go as for anyone", async () => {
    const held = fullCohort("Gone By");
    stubFetch({ "/api/cohorts": () => json(200, { data: [held] }) });
    sessionStorage.setItem(
      storageKeys.enrolmentDraft,
      JSON.stringify({ userInfo, cohortId: held.id, waitlistClaim: claim(held, new Date(Date.now() - 60_000).toISOString()) }),
    );
    renderWithQuery(<PaymentFlow choice={choice} initialStep="cohort" />);
    expect(await screen.findByText("The cohort you chose earlier is now full. Please choose another one.")).toBeTruthy();
  });

  it("a claim the server turns down sends the buyer back with its words and forgets the claim", async () => {
    const held = fullCohort("Claimed Already");
    const message = "This place has already been claimed.";
    stubFetch({
      "/api/cohorts": () => json(200, { data: [held] }),
      "/api/payment/create-checkout-session": () =>
        json(409, { error: message, code: "conflict", details: [{ path: "waitlistClaimToken", message }] }),
    });
    sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ userInfo, cohortId: held.id, waitlistClaim: claim(held) }));
    renderWithQuery(<PaymentFlow choice={choice} initialStep="pay" />);
    const pay = await screen.findByRole("button", { name: "Pay $160.92 with Stripe" });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Choose Cohort");
    expect(storedDraft().waitlistClaim).toBeUndefined();
    expect(storedDraft().cohortId).toBeUndefined();
  });
});

describe("the confirmation page", () => {
  it("confirms nothing until the button is pressed, then says the address is on the waitlist", async () => {
    const fetchMock = stubFetch({
      "/api/waitlist/confirmations": () => json(200, { data: { status: "confirmed", cohortName: "Spring Cohort" } }),
    });
    render(<WaitlistConfirmation token={TOKEN} />);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Confirm my place" }));
    expect((await screen.findByRole("heading", { name: "You are on the waitlist" })).textContent).toBeTruthy();
    expect(
      screen.getByText(/When a place in Spring Cohort frees up, we email you a link that holds it for you for 24 hours\./),
    ).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token: TOKEN });
  });

  it("says a link that is not a token has expired or is not valid, without asking the server", () => {
    const fetchMock = stubFetch({});
    render(<WaitlistConfirmation token="nope" />);
    expect(screen.getByRole("heading", { name: "This link has expired or is not valid" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the claim page", () => {
  const offer = (overrides: Partial<WaitlistOffer> = {}): WaitlistOffer => ({
    status: "offered",
    cohortId: "0c0a0000-0000-4000-8000-00000000c1a1",
    cohortName: "Winter Cohort",
    startDate: "2026-12-01T00:00:00.000Z",
    endDate: "2026-12-15T00:00:00.000Z",
    expiresAt: tomorrow,
    ...overrides,
  });

  it("keeps the offer for this tab's enrolment and asks for the plan on the page, not on the pricing page", async () => {
    render(<WaitlistClaim token={TOKEN} offer={offer()} />);
    expect(screen.getByRole("heading", { name: "A place is held for you" })).toBeTruthy();
    expect(screen.getByText("Winter Cohort")).toBeTruthy();
    expect((screen.getByRole("radio", { name: /^Popular/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /^Premium/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Include a CGM device/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Premium" }));
    expect(storedDraft()).toMatchObject({
      cohortId: offer().cohortId,
      waitlistClaim: { token: TOKEN, cohortId: offer().cohortId, cohortName: "Winter Cohort", expiresAt: tomorrow },
    });
    expect(mocks.router.push).toHaveBeenCalledWith("/user-info?plan=premium&cgm=true");
    expect(mocks.router.push).not.toHaveBeenCalledWith("/how-it-works#pricing");
  });

  it("preselects the plan the questionnaire recommended", async () => {
    localStorage.setItem(storageKeys.recommendedPlan, JSON.stringify("starter"));
    try {
      render(<WaitlistClaim token={TOKEN} offer={offer()} />);
      await waitFor(() => expect((screen.getByRole("radio", { name: /^Starter/ }) as HTMLInputElement).checked).toBe(true));
    } finally {
      localStorage.clear();
    }
  });

  it("goes straight to payment when this tab already holds the answers", async () => {
    sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ userInfo }));
    render(<WaitlistClaim token={TOKEN} offer={offer()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Pay for Popular" }));
    expect(mocks.router.push).toHaveBeenCalledWith("/payment?plan=popular&cgm=false&step=pay");
  });

  it("names the time zone of the deadline, in the reader's own zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      render(<WaitlistClaim token={TOKEN} offer={offer({ expiresAt: "2026-11-29T17:57:00.000Z" })} />);
      await waitFor(() => expect(screen.getByTestId("offer-expiry").textContent).toBe("Nov 29, 2026, 9:57 AM PST"));
    } finally {
      process.env.TZ = zone;
    }
  });

  it.each([
    ["claimed", "This place has been claimed"],
    ["lapsed", "This offer has lapsed"],
    ["closed", "This cohort is no longer open"],
    ["invalid", "This link is not valid"],
  ] as const)("says clearly when the offer is %s", (status, title) => {
    render(<WaitlistClaim token="" offer={offer({ status, expiresAt: null })} />);
    expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Choose my plan" })).toBeNull();
  });
});
