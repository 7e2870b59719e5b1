import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckoutResult } from "@/lib/payments/checkout-result-schema";

const mocks = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn() },
  checkoutResult: vi.fn(),
  claims: vi.fn(),
}));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/server/payments/checkout-result", () => ({ checkoutResult: mocks.checkoutResult }));
// The request's session cookie holds an access token; whether it verifies is up to `claims`.
const session = { data: { session: { access_token: "cookie-access-token" } }, error: null };
vi.mock("@/server/supabase/server", () => ({
  createClient: async () => ({ auth: { getSession: async () => session, getClaims: mocks.claims } }),
}));

import PaymentSuccessPage, { metadata } from "@/app/(enrol)/payment-success/page";
import { storageKeys } from "@/lib/storage-keys";
import { forgetVerifiedTokens } from "@/server/auth/verified-tokens";

async function renderPage(params: Record<string, string>, result: CheckoutResult) {
  mocks.checkoutResult.mockResolvedValue(result);
  const page = await PaymentSuccessPage({ searchParams: Promise.resolve(params) });
  return render(<StrictMode>{page}</StrictMode>);
}

const paid: CheckoutResult = {
  status: "paid",
  planName: "Popular",
  cohort: { name: "Kickstart Cohort", startsAt: "2025-12-05T00:00:00.000Z", endsAt: "2025-12-19T00:00:00.000Z" },
  emails: "sent",
};

beforeEach(() => {
  vi.clearAllMocks();
  forgetVerifiedTokens();
  sessionStorage.clear();
  mocks.claims.mockResolvedValue({ data: null });
});

describe("/payment-success (SPEC §2)", () => {
  it("is kept out of search engines", () => {
    expect(metadata.robots).toEqual({ index: false, follow: false });
  });

  it("without session_id: 'Payment Verification Failed' with 'No session ID found' and a link back to /payment", async () => {
    await renderPage({}, { status: "failed", reason: "missing" });
    expect(mocks.checkoutResult).toHaveBeenCalledWith(undefined);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment Verification Failed");
    expect(screen.getByText("No session ID found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Payment" }).getAttribute("href")).toBe("/payment");
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });

  it.each(["invalid", "unpaid", "error"] as const)("a %s session fails verification with a clear line", async (reason) => {
    sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ cohortId: "x" }));
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, { status: "failed", reason });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment Verification Failed");
    expect(screen.getByText(/We could not confirm this payment\. If you were charged, check your email or contact us/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Payment" }).getAttribute("href")).toBe("/payment");
    expect(sessionStorage.getItem(storageKeys.enrolmentDraft)).not.toBeNull();
  });

  it("while Stripe confirms: 'Payment processing' and the promise of an email", async () => {
    sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ cohortId: "x" }));
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, { status: "processing" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment processing");
    expect(screen.getByText(/confirmation email/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check again" }).getAttribute("href")).toBe("/payment-success?session_id=cs_test_abcdefghijkl");
    expect(sessionStorage.getItem(storageKeys.enrolmentDraft)).toBeNull();
  });

  it("paid: 'Payment Successful!', plan and cohort, the toast once, the draft cleared and 'Sign Up Now'", async () => {
    sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ cohortId: "x" }));
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, paid);
    expect(mocks.checkoutResult).toHaveBeenCalledWith("cs_test_abcdefghijkl");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment Successful!");
    expect(screen.getByTestId("paid-plan").textContent).toBe("Popular");
    expect(screen.getByTestId("paid-cohort").textContent).toBe("Kickstart Cohort");
    expect(screen.getByText("Dec 5, 2025 – Dec 19, 2025")).toBeTruthy();
    expect(mocks.toast.success).toHaveBeenCalledTimes(1);
    expect(mocks.toast.success).toHaveBeenCalledWith("Check your email to set up your account password.", expect.anything());
    expect(sessionStorage.getItem(storageKeys.enrolmentDraft)).toBeNull();
    expect(screen.getByRole("button", { name: "Sign Up Now" }).getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.queryByRole("link", { name: "Go to Dashboard" })).toBeNull();
    expect(screen.getByTestId("order-emails").textContent).toBe("We have emailed your receipt and a link to set up your account password.");
  });

  it("paid while the receipt is still queued: still 'Payment Successful!', and the email is on its way", async () => {
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, { ...paid, emails: "queued" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment Successful!");
    expect(screen.getByTestId("paid-plan").textContent).toBe("Popular");
    expect(screen.getByTestId("order-emails").textContent).toBe("Your receipt and account set-up email are on their way.");
    expect(screen.queryByText(/We have emailed/)).toBeNull();
    expect(mocks.toast.success).toHaveBeenCalledWith("Check your email to set up your account password.", expect.anything());
  });

  it("paid while the receipt could not be sent: still 'Payment Successful!', and we keep trying", async () => {
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, { ...paid, emails: "failed" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment Successful!");
    expect(screen.getByTestId("order-emails").textContent).toBe("We could not send your receipt yet; we keep trying.");
    expect(screen.queryByText(/We have emailed/)).toBeNull();
    expect(screen.getByRole("button", { name: "Sign Up Now" })).toBeTruthy();
  });

  it("paid by a signed-in member whose receipt is queued: only the receipt is on its way (no set-up email)", async () => {
    mocks.claims.mockResolvedValue({ data: { claims: { sub: "user-1" } } });
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, { ...paid, emails: "queued" });
    expect(screen.getByTestId("order-emails").textContent).toBe("Your receipt is on its way.");
  });

  it("paid with no email to send: no line about emails", async () => {
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, { ...paid, emails: "none" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment Successful!");
    expect(screen.queryByTestId("order-emails")).toBeNull();
  });

  it("paid and signed in: a link to the dashboard instead of 'Sign Up Now'", async () => {
    mocks.claims.mockResolvedValue({ data: { claims: { sub: "user-1" } } });
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, { status: "paid", planName: "Starter", cohort: null, emails: "sent" });
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("button", { name: "Sign Up Now" })).toBeNull();
    expect(screen.queryByTestId("paid-cohort")).toBeNull();
  });

  it("offers 'Sign Up Now' when the session cannot be read", async () => {
    mocks.claims.mockRejectedValue(new Error("auth down"));
    await renderPage({ session_id: "cs_test_abcdefghijkl" }, paid);
    expect(screen.getByRole("button", { name: "Sign Up Now" })).toBeTruthy();
  });
});
