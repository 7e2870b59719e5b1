import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn() },
  redirect: vi.fn(),
  accessToken: vi.fn(async (): Promise<string | null> => null),
}));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/enrolment/payment/redirect-to-checkout", () => ({ redirectToCheckout: mocks.redirect }));
vi.mock("@/components/api/access-token", () => ({ readAccessToken: mocks.accessToken }));

import { PaymentStep, type PaymentStepProps } from "@/components/enrolment/payment/payment-step";
import { parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { storageKeys } from "@/lib/storage-keys";
import { makeCohort } from "./cohort-fixtures";
import { json, renderWithQuery, stubFetch, testQueryClient } from "./test-utils";
import { noToAll } from "./safety-screen-fixture";

const CHECKOUT = "/api/payment/create-checkout-session";
const cohort = makeCohort({
  cohort_name: "Kickstart",
  start_cohort_date: "2025-12-05T00:00:00.000Z",
  end_cohort_date: "2025-12-19T00:00:00.000Z",
});
const userInfo = {
  agreeToTerms: true as const,
  termsVersion: "2025-07-31" as const,
  termsAcceptedAt: "2025-11-15T10:00:00.000Z",
  safetyScreen: noToAll,
};

function renderStep(props: Partial<PaymentStepProps> = {}, client = testQueryClient()) {
  const all: PaymentStepProps = {
    choice: parsePlanChoice({ plan: "starter", cgm: "true" })!,
    cohortId: cohort.id,
    cohort,
    canPay: true,
    userInfo,
    couponCode: "",
    onCouponChange: vi.fn(),
    onBack: vi.fn(),
    onCohortRejected: vi.fn(),
    onClaimRejected: vi.fn(),
    ...props,
  };
  return { props: all, ...renderWithQuery(<PaymentStep {...all} />, client) };
}

const payButton = () =>
  screen.getAllByRole("button").find((b) => /^(Pay |Redirecting|Session Expired)/.test(b.textContent ?? "")) as HTMLButtonElement;

function sentBody(fetchMock: ReturnType<typeof stubFetch>): Record<string, unknown> {
  return JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("payment step order summary (SPEC §2)", () => {
  it("shows plan, badge, description, CGM, price, subtotal, tax, total, features and the cohort", () => {
    renderStep();
    expect(screen.getByTestId("order-plan-name").textContent).toBe("Starter plan");
    expect(screen.getByText("CGM devices included")).toBeTruthy();
    expect(screen.getByText("Tax (8%)")).toBeTruthy();
    expect(screen.getByText("$11.92")).toBeTruthy();
    expect(screen.getByTestId("order-total").textContent).toBe("$160.92");
    expect(screen.getByText("14-day CGM glucose bootcamp (7 + 7 days)")).toBeTruthy();
    expect(screen.getByTestId("order-cohort-name").textContent).toBe("Kickstart");
    expect(screen.getByText("Dec 5, 2025 – Dec 19, 2025")).toBeTruthy();
    expect(payButton().textContent).toBe("Pay $160.92 with Stripe");
  });

  it("says how often the plan renews", () => {
    renderStep();
    expect(screen.getByText("Billed every 3 months.")).toBeTruthy();
  });

  it("says 'every year' for Premium, not 'every 1 year'", () => {
    renderStep({ choice: parsePlanChoice({ plan: "premium", cgm: "false" })! });
    expect(screen.getByText("Billed every year.")).toBeTruthy();
  });

  it("leaves out 'CGM devices included' without a CGM", () => {
    renderStep({ choice: parsePlanChoice({ plan: "popular", cgm: "false" })! });
    expect(screen.queryByText("CGM devices included")).toBeNull();
    expect(payButton().textContent).toBe("Pay $139.32 with Stripe");
  });
});

describe("payment countdown (SPEC §4)", () => {
  it("counts down from 08:00 and, at 0, drops the session and disables the button", () => {
    vi.useFakeTimers();
    renderStep();
    expect(screen.getByTestId("payment-countdown").textContent).toBe("08:00");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId("payment-countdown").textContent).toBe("07:59");
    expect(screen.queryByText(/Payment session has expired/)).toBeNull();
    act(() => vi.advanceTimersByTime(479_000));
    expect(screen.getByTestId("payment-countdown").textContent).toBe("00:00");
    expect(
      screen.getByText(
        "Payment session has expired. The transaction has been dropped. Please refresh the page to start a new payment session.",
      ),
    ).toBeTruthy();
    expect(payButton().textContent).toBe("Session Expired");
    expect(payButton().disabled).toBe(true);
  });
});

describe("pay (SPEC §4, §7)", () => {
  it("sends the request with referral, questionnaire and token, shows 'Redirecting to Stripe...' and goes to the session URL", async () => {
    localStorage.setItem(
      storageKeys.referral,
      JSON.stringify({ referralId: "anna-42", timestamp: Date.now() - 1000, source: "url", referrerUrl: null, utmSource: "newsletter" }),
    );
    localStorage.setItem(
      storageKeys.answers,
      JSON.stringify([
        { questionId: 1, answer: "yes" },
        { questionId: 2, answer: "no" },
      ]),
    );
    mocks.accessToken.mockResolvedValueOnce("token-123");
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch({ [CHECKOUT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderStep({ couponCode: " FRIEND10 " });
    fireEvent.click(payButton());
    await waitFor(() => expect(payButton().textContent).toBe("Redirecting to Stripe..."));
    expect(payButton().disabled).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer token-123");
    expect(sentBody(fetchMock)).toMatchObject({
      planType: "starter",
      hasCGM: true,
      cohortId: cohort.id,
      couponCode: "FRIEND10",
      referralId: "anna-42",
      utmSource: "newsletter",
      successUrl: `${window.location.origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${window.location.origin}/payment?plan=starter&cgm=true&step=pay`,
      metadata: {
        source: "website",
        plan_name: "Starter",
        user_info: userInfo,
        questionnaire: { responses: { "1": "yes", "2": "no" }, result: null, completedAt: null },
        cohort_id: cohort.id,
      },
    });
    answer(
      json(200, {
        data: { sessionUrl: "https://checkout.stripe.test/c/pay/cs_test_1", sessionId: "cs_test_1", sessionSecret: "s".repeat(43) },
      }),
    );
    await waitFor(() => expect(mocks.redirect).toHaveBeenCalledWith("https://checkout.stripe.test/c/pay/cs_test_1"));
    expect(payButton().textContent).toBe("Redirecting to Stripe...");
  });

  it("keeps the checkout's id and secret in this tab, and sends both when the buyer starts again", async () => {
    const secret = "s".repeat(43);
    const fetchMock = stubFetch({
      [CHECKOUT]: () =>
        json(200, {
          data: {
            sessionUrl: "https://checkout.stripe.test/c/pay/cs_test_second",
            sessionId: "cs_test_second00000",
            sessionSecret: "t".repeat(43),
          },
        }),
    });
    sessionStorage.setItem(storageKeys.openCheckoutSession, JSON.stringify({ sessionId: "cs_test_first000000", sessionSecret: secret }));
    renderStep();
    fireEvent.click(payButton());
    await waitFor(() => expect(mocks.redirect).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ previousSessionId: "cs_test_first000000", previousSessionSecret: secret });
    expect(JSON.parse(sessionStorage.getItem(storageKeys.openCheckoutSession)!)).toEqual({
      sessionId: "cs_test_second00000",
      sessionSecret: "t".repeat(43),
    });
  });

  it("does not name an earlier checkout it holds no secret for", async () => {
    const fetchMock = stubFetch({
      [CHECKOUT]: () =>
        json(200, { data: { sessionUrl: "https://checkout.stripe.test/x", sessionId: "cs_test_2", sessionSecret: "s".repeat(43) } }),
    });
    sessionStorage.setItem(storageKeys.openCheckoutSession, JSON.stringify("cs_test_first000000"));
    renderStep();
    fireEvent.click(payButton());
    await waitFor(() => expect(mocks.redirect).toHaveBeenCalled());
    expect(sentBody(fetchMock)).not.toHaveProperty("previousSessionId");
  });

  it("sends no Authorization header for an anonymous buyer", async () => {
    const fetchMock = stubFetch({
      [CHECKOUT]: () =>
        json(200, { data: { sessionUrl: "https://checkout.stripe.test/x", sessionId: "cs_test_2", sessionSecret: "s".repeat(43) } }),
    });
    renderStep();
    fireEvent.click(payButton());
    await waitFor(() => expect(mocks.redirect).toHaveBeenCalled());
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has("authorization")).toBe(false);
  });

  it("reports 'No checkout URL received' when the answer has no sessionUrl", async () => {
    stubFetch({ [CHECKOUT]: () => json(200, { data: { sessionId: "cs_test_3" } }) });
    renderStep();
    fireEvent.click(payButton());
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Payment Error", { description: "No checkout URL received" }));
    expect(mocks.redirect).not.toHaveBeenCalled();
    expect(payButton().textContent).toBe("Pay $160.92 with Stripe");
  });

  it("shows the server's message under 'Payment Error'", async () => {
    stubFetch({ [CHECKOUT]: () => json(502, { error: "Payment setup failed. Please try again.", code: "payment_provider_error" }) });
    renderStep();
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Payment Error", { description: "Payment setup failed. Please try again." }),
    );
    expect(screen.getByRole("alert").textContent).toContain("Payment setup failed. Please try again.");
  });

  it("says 'Failed to initiate payment. Please try again.' when the call never gets an answer", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    renderStep();
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Payment Error", { description: "Failed to initiate payment. Please try again." }),
    );
  });

  it("on 409 refreshes the cohorts and sends the buyer back to choose another", async () => {
    stubFetch({ [CHECKOUT]: () => json(409, { error: "This cohort is full", code: "cohort_full" }) });
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const { props } = renderStep({}, client);
    fireEvent.click(payButton());
    await waitFor(() => expect(props.onCohortRejected).toHaveBeenCalledWith("This cohort is full. Please choose another one."));
    expect(mocks.toast.error).toHaveBeenCalledWith("Payment Error", { description: "This cohort is full" });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["cohorts"] });
  });

  it("sends the buyer back when the server turns the cohort down as started", async () => {
    const message = "This cohort has already started. Please choose another one.";
    stubFetch({ [CHECKOUT]: () => json(422, { error: message, code: "validation_failed", details: [{ path: "cohortId", message }] }) });
    const { props } = renderStep();
    fireEvent.click(payButton());
    await waitFor(() => expect(props.onCohortRejected).toHaveBeenCalledWith(message));
  });

  it("pays for the place a waitlist offer holds: the claim link's token goes along", async () => {
    const fetchMock = stubFetch({
      [CHECKOUT]: () =>
        json(200, {
          data: { sessionUrl: "https://checkout.stripe.test/c/pay/cs_test_2", sessionId: "cs_test_2", sessionSecret: "s".repeat(43) },
        }),
    });
    renderStep({ waitlistClaimToken: "t".repeat(43) });
    fireEvent.click(payButton());
    await waitFor(() => expect(mocks.redirect).toHaveBeenCalledWith("https://checkout.stripe.test/c/pay/cs_test_2"));
    expect(sentBody(fetchMock)).toMatchObject({ cohortId: cohort.id, waitlistClaimToken: "t".repeat(43) });
  });

  it("sends the buyer back with the server's words when the claim is turned down (claimed, lapsed)", async () => {
    const message = "This place has already been claimed.";
    stubFetch({ [CHECKOUT]: () => json(409, { error: message, code: "conflict", details: [{ path: "waitlistClaimToken", message }] }) });
    const { props } = renderStep({ waitlistClaimToken: "t".repeat(43) });
    fireEvent.click(payButton());
    await waitFor(() => expect(props.onClaimRejected).toHaveBeenCalledWith(message));
    expect(props.onCohortRejected).not.toHaveBeenCalled();
  });

  it("shows a refused coupon under the coupon field", async () => {
    stubFetch({
      [CHECKOUT]: () =>
        json(422, {
          error: "This coupon code is not valid.",
          code: "validation_failed",
          details: [{ path: "couponCode", message: "This coupon code is not valid." }],
        }),
    });
    renderStep({ couponCode: "NOPE" });
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByLabelText("Coupon code (optional)").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByRole("alert").textContent).toBe("This coupon code is not valid.");
  });

  it("checks the coupon's shape before calling the server", () => {
    const fetchMock = stubFetch({});
    renderStep({ couponCode: "no spaces!" });
    fireEvent.click(payButton());
    expect(screen.getByRole("alert").textContent).toBe("This coupon code is not valid.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("waits for the cohort to be confirmed before it lets the buyer pay", () => {
    renderStep({ cohort: undefined, canPay: false });
    expect(payButton().disabled).toBe(true);
    expect(screen.getByText("Loading your cohort")).toBeTruthy();
  });

  it("goes back to the cohort step", () => {
    const { props } = renderStep();
    fireEvent.click(screen.getByRole("button", { name: "Back to Choose Cohort" }));
    expect(props.onBack).toHaveBeenCalled();
  });
});
