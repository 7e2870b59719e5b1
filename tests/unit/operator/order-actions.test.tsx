import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";

const mocks = vi.hoisted(() => ({
  router: { push: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { OrderActions, type OrderActionsProps } from "@/components/operator/order-actions";

// The order page's actions. A refund is a money action: when the server asks for a
// fresh sign-in the "Confirm it's you" dialog takes the password, then the same refund is sent again.
const ORDER = "0c0a0000-0000-4000-8000-0000000000aa";
const props: OrderActionsProps = {
  orderId: ORDER,
  paid: true,
  email: "buyer@example.com",
  canSendSetupLink: true,
  seatCohortId: "0c0a0000-0000-4000-8000-000000000001",
  cohorts: [
    { id: "0c0a0000-0000-4000-8000-000000000002", label: "Spring Cohort · Mar 1 – Mar 14 · 4 free", runningWarning: null },
    {
      id: "0c0a0000-0000-4000-8000-000000000003",
      label: "Winter Cohort · Nov 20 – Dec 3 · 2 free",
      runningWarning: "This cohort is on day 10 of 14: the member will miss days 1–9.",
    },
  ],
  refundableCents: 16_092,
  currency: "usd",
};

const stale = () =>
  Response.json(
    { error: "Confirm it's you: enter your password again to make money changes.", code: "fresh_sign_in_required" },
    { status: 403 },
  );
const refunded = (amountCents: number) =>
  Response.json({ data: { id: "r1", status: "pending", amountCents, refundableCents: 16_092 - amountCents } });
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;
const pathOf = (call: unknown[]) => call[0];

beforeEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

function refund(amount: string) {
  fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: amount } });
  fireEvent.click(screen.getByRole("button", { name: "Refund" }));
}

describe("refunding from the order page", () => {
  it("asks 'Confirm it's you' when the server wants a fresh sign-in, then sends the same refund again", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(stale())
      .mockResolvedValueOnce(Response.json({ data: { confirmedUntil: "2026-11-29T10:10:00.000Z" } }))
      .mockResolvedValueOnce(refunded(500));
    render(<OrderActions {...props} />);
    refund("5.00");
    const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "my-password" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(mocks.toast.success).toHaveBeenCalledWith("Refund of $5.00 sent to Stripe. The order updates when Stripe confirms it."),
    );
    expect(fetch.mock.calls.map(pathOf)).toEqual([
      `/api/operator/orders/${ORDER}/refunds`,
      "/api/operator/fresh-sign-in",
      `/api/operator/orders/${ORDER}/refunds`,
    ]);
    expect(bodyOf(fetch.mock.calls[1]!)).toEqual({ password: "my-password" });
    const [first, again] = [bodyOf(fetch.mock.calls[0]!), bodyOf(fetch.mock.calls[2]!)];
    expect(first).toMatchObject({ amountCents: 500, reason: "requested_by_customer" });
    expect(again.requestKey).toBe(first.requestKey);
    expect(mocks.router.refresh).toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the dialog open with the server's words for a wrong password, and refunds nothing", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(stale())
      .mockResolvedValueOnce(Response.json({ error: "Invalid login credentials", code: "invalid_credentials" }, { status: 400 }));
    render(<OrderActions {...props} />);
    refund("5.00");
    const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", "Invalid login credentials");
    expect(fetch).toHaveBeenCalledTimes(2);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Not done: the change needs your password.")).toBeTruthy();
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });

  it("checks the amount before asking the server", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<OrderActions {...props} />);
    refund("1.234");
    expect(screen.getByText("Enter an amount such as 25.00.")).toBeTruthy();
    refund("160.93");
    expect(screen.getByText("At most $160.92 can be refunded.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says there is nothing to refund when nothing is left", () => {
    render(<OrderActions {...props} refundableCents={0} />);
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(screen.getByText("Nothing is left to refund on this order.")).toBeTruthy();
  });
});

describe("the other actions", () => {
  it("resends the receipt with a request key, and shows the server's refusal of a set-up link", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(Response.json({ data: { queued: true } }))
      .mockResolvedValueOnce(
        Response.json(
          { error: "This buyer has already set up their account: they sign in with it, no set-up link is needed.", code: "conflict" },
          { status: 409 },
        ),
      );
    render(<OrderActions {...props} />);
    fireEvent.click(screen.getByRole("button", { name: "Resend receipt" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("The receipt is on its way to buyer@example.com."));
    expect(pathOf(fetch.mock.calls[0]!)).toBe(`/api/operator/orders/${ORDER}/receipt`);
    expect(bodyOf(fetch.mock.calls[0]!).requestKey).toMatch(/^[0-9a-f-]{36}$/);
    fireEvent.click(screen.getByRole("button", { name: "Send a new set-up link" }));
    expect(
      await screen.findByText("This buyer has already set up their account: they sign in with it, no set-up link is needed."),
    ).toBeTruthy();
  });

  it("moves the seat to the chosen cohort", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(Response.json({ data: { cohortId: props.cohorts[0]!.id, cohortName: "Spring Cohort", moved: true } }));
    render(<OrderActions {...props} />);
    fireEvent.change(screen.getByLabelText("Move the seat to"), { target: { value: props.cohorts[0]!.id } });
    fireEvent.click(screen.getByRole("button", { name: "Move seat" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Moved to Spring Cohort. The member is emailed."));
    expect(bodyOf(fetch.mock.calls[0]!)).toEqual({ cohortId: props.cohorts[0]!.id, confirmRunning: false });
    expect(screen.queryByTestId("running-cohort-warning")).toBeNull();
  });

  it("warns of a running cohort's missed days and moves the seat only once the operator confirms", async () => {
    const running = props.cohorts[1]!;
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(Response.json({ data: { cohortId: running.id, cohortName: "Winter Cohort", moved: true } }));
    render(<OrderActions {...props} />);
    fireEvent.change(screen.getByLabelText("Move the seat to"), { target: { value: running.id } });
    expect(screen.getByTestId("running-cohort-warning").textContent).toContain(
      "This cohort is on day 10 of 14: the member will miss days 1–9.",
    );
    const move = screen.getByRole("button", { name: "Move seat" }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    fireEvent.submit(screen.getByRole("form", { name: "Move to another cohort" }));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("checkbox", { name: "Move the seat into this running cohort anyway" }));
    expect(move.disabled).toBe(false);
    fireEvent.click(move);
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Moved to Winter Cohort. The member is emailed."));
    expect(bodyOf(fetch.mock.calls[0]!)).toEqual({ cohortId: running.id, confirmRunning: true });
  });

  it("asks again when the operator picks another running cohort after confirming", () => {
    render(<OrderActions {...props} />);
    fireEvent.change(screen.getByLabelText("Move the seat to"), { target: { value: props.cohorts[1]!.id } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Move the seat into this running cohort anyway" }));
    fireEvent.change(screen.getByLabelText("Move the seat to"), { target: { value: props.cohorts[0]!.id } });
    fireEvent.change(screen.getByLabelText("Move the seat to"), { target: { value: props.cohorts[1]!.id } });
    expect((screen.getByRole("checkbox", { name: "Move the seat into this running cohort anyway" }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it("offers no set-up link to a buyer with an account, and no move without a paid seat", () => {
    render(<OrderActions {...props} canSendSetupLink={false} seatCohortId={null} />);
    expect(screen.queryByRole("button", { name: "Send a new set-up link" })).toBeNull();
    expect(screen.getByText("This order has no paid seat to move.")).toBeTruthy();
  });
});
