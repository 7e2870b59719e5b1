import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeSubscription, fakeSupabase, makeCohort, makeCurrent, noSubscription } from "./member-fixtures";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("./member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { CurrentCohortCard } from "@/components/dashboard/cohort/current-cohort-card";
import { memberCohortKeys } from "@/components/dashboard/cohort/member-cohort-query-keys";
import { subscriptionKeys } from "@/components/dashboard/cohort/subscription-query-keys";
import {
  SUBSCRIPTION_RETRIES,
  SUBSCRIPTION_STALE_TIME_MS,
  useSubscriptionQuery,
} from "@/components/dashboard/cohort/use-subscription-query";
import { cohortKeys } from "@/components/enrolment/cohorts/cohort-query-keys";
import { callsTo, json, renderWithQuery, stubFetch, testQueryClient } from "../enrolment/test-utils";
import { lazyCodeLoaded } from "../../fixtures/lazy-code";

const current = makeCurrent(
  { can_change: true, change_deadline: "2099-01-09T00:00:00.000Z" },
  { cohort_name: "January Reset", start_cohort_date: "2099-01-10T00:00:00.000Z", end_cohort_date: "2099-01-24T00:00:00.000Z" },
);
const february = makeCohort({
  cohort_name: "February Focus",
  start_cohort_date: "2099-02-07T00:00:00.000Z",
  end_cohort_date: "2099-02-21T00:00:00.000Z",
});
const march = makeCohort({
  cohort_name: "March Momentum",
  start_cohort_date: "2099-03-07T00:00:00.000Z",
  end_cohort_date: "2099-03-21T00:00:00.000Z",
});
const full = makeCohort({
  cohort_name: "Packed April",
  start_cohort_date: "2099-04-04T00:00:00.000Z",
  end_cohort_date: "2099-04-18T00:00:00.000Z",
  participant_cap: 20,
  prospective_participant_count: 20,
});
const started = makeCohort({ cohort_name: "Running Now", status: "active" });

function serve(enrol: () => Response) {
  return stubFetch({
    "/api/cohorts/user/current": () => json(200, { data: current }),
    "/api/cohorts/user/history": () => json(200, { data: [] }),
    "/api/payment/subscription": () => json(200, { data: noSubscription }),
    "/api/cohorts?language=": () => json(200, { data: [current.cohort, february, march, full, started] }),
    "/api/cohorts/": (init) => (init?.method === "POST" ? enrol() : json(404, { error: "Not found" })),
  });
}

async function openDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Change cohort" }));
  // The dialog's code loads on the first reach for its button.
  await lazyCodeLoaded(import("@/components/dashboard/cohort/cohort-choice-dialog"));
  const dialog = await screen.findByRole("dialog", { name: "Change cohort" });
  await within(dialog).findByText("February Focus");
  return dialog;
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
});
afterEach(() => vi.unstubAllGlobals());

describe("changing cohort (SPEC §4: up to 24 hours before the start)", () => {
  it("lists the other upcoming cohorts, with full ones marked 'Full' and not selectable", async () => {
    serve(() => json(200, {}));
    renderWithQuery(<CurrentCohortCard />);
    const dialog = await openDialog();
    const radios = within(dialog).getAllByRole("radio");
    expect(radios).toHaveLength(3);
    expect(within(dialog).queryByText("January Reset")).toBeNull();
    expect(within(dialog).queryByText("Running Now")).toBeNull();
    const packed = within(dialog).getByText("Packed April").closest("label")!;
    expect(within(packed).getByText("Full")).toBeTruthy();
    expect(within(packed).getByRole<HTMLInputElement>("radio").disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLButtonElement>("button", { name: "Move to this cohort" }).disabled).toBe(true);
  });

  it("moves the seat: POST enroll with the token, the server's message as a toast, and fresh cohort data", async () => {
    const fetchMock = serve(() =>
      json(200, {
        data: { success: true, cohort_id: march.id, user_id: "u1", role: "participant", message: "You moved to March Momentum." },
      }),
    );
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    renderWithQuery(<CurrentCohortCard />, client);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("radio", { name: /March Momentum/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move to this cohort" }));

    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("You moved to March Momentum."));
    const [url, init] = callsTo(fetchMock, `/api/cohorts/${march.id}/enroll`)[0]!;
    expect(String(url)).toBe(`/api/cohorts/${march.id}/enroll`);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer member-token");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: memberCohortKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cohortKeys.all });
    // The current cohort and history were asked again.
    expect(callsTo(fetchMock, "/api/cohorts/user/current").length).toBeGreaterThanOrEqual(2);
    expect(callsTo(fetchMock, "/api/cohorts/user/history").length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(mocks.toast.error).not.toHaveBeenCalled();
  });

  it("on 409 shows the server's 'This cohort is full' as an 'Error' toast and in the dialog, which stays open", async () => {
    serve(() => json(409, { error: "This cohort is full", code: "cohort_full" }));
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    renderWithQuery(<CurrentCohortCard />, client);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("radio", { name: /February Focus/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move to this cohort" }));

    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Error", { description: "This cohort is full" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("This cohort is full");
    expect(screen.getByRole("dialog", { name: "Change cohort" })).toBe(dialog);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cohortKeys.all });
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });

  it("on 403 shows the server's reason and keeps the dialog open", async () => {
    serve(() => json(403, { error: "Cohorts can be changed up to 24 hours before the start.", code: "forbidden" }));
    renderWithQuery(<CurrentCohortCard />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("radio", { name: /February Focus/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move to this cohort" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Error", { description: "Cohorts can be changed up to 24 hours before the start." }),
    );
    expect(screen.getByRole("dialog", { name: "Change cohort" })).toBeTruthy();
  });

  it("closes on Escape and gives focus back to 'Change cohort'", async () => {
    serve(() => json(200, {}));
    renderWithQuery(<CurrentCohortCard />);
    const dialog = await openDialog();
    fireEvent.keyDown(dialog, { key: "Escape", code: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change cohort" }));
  });
});

describe("choosing a cohort for a paid plan without a seat", () => {
  it("takes the seat through the same dialog", async () => {
    const fetchMock = stubFetch({
      "/api/cohorts/user/current": () => json(200, { data: null }),
      "/api/cohorts/user/history": () => json(200, { data: [] }),
      "/api/payment/subscription": () => json(200, { data: activeSubscription }),
      "/api/cohorts?language=": () => json(200, { data: [february, march] }),
      [`/api/cohorts/${march.id}/enroll`]: () =>
        json(200, {
          data: { success: true, cohort_id: march.id, user_id: "u1", role: "participant", message: "You are enrolled in March Momentum." },
        }),
    });
    renderWithQuery(<CurrentCohortCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Choose your cohort" }));
    const dialog = screen.getByRole("dialog", { name: "Choose your cohort" });
    fireEvent.click(await within(dialog).findByRole("radio", { name: /March Momentum/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Join this cohort" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("You are enrolled in March Momentum."));
    expect(callsTo(fetchMock, `/api/cohorts/${march.id}/enroll`)).toHaveLength(1);
  });
});

describe("subscription query (SPEC §7: 5 min, 2 retries)", () => {
  it("is cached for 5 minutes and retried twice", async () => {
    stubFetch({ "/api/payment/subscription": () => json(200, { data: noSubscription }) });
    const client = testQueryClient();
    function Probe() {
      useSubscriptionQuery();
      return null;
    }
    renderWithQuery(<Probe />, client);
    const query = client.getQueryCache().find({ queryKey: subscriptionKeys.status() });
    const options = query?.observers[0]?.options;
    expect(options?.staleTime).toBe(SUBSCRIPTION_STALE_TIME_MS);
    expect(options?.retry).toBe(SUBSCRIPTION_RETRIES);
    expect([SUBSCRIPTION_STALE_TIME_MS, SUBSCRIPTION_RETRIES]).toEqual([300_000, 2]);
    await waitFor(() => expect(query?.state.status).toBe("success"));
  });
});
