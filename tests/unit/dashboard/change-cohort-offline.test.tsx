import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSupabase, makeCurrent, noSubscription } from "./member-fixtures";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("./member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
// The dialog's code cannot be fetched (offline when the member reaches for it).
vi.mock("@/components/dashboard/cohort/cohort-choice-dialog", () => {
  throw new Error("Failed to load chunk");
});

import { CurrentCohortCard } from "@/components/dashboard/cohort/current-cohort-card";
import { CODE_LOAD_FAILED } from "@/components/errors/load-error";
import { json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

beforeEach(() => {
  mocks.supabase = fakeSupabase();
});

describe("the cohort dialog whose code cannot load", () => {
  it("says so in the card, with a way to try again, and the rest of the card stays", async () => {
    stubFetch({
      "/api/cohorts/user/current": () =>
        json(200, { data: makeCurrent({ can_change: true, change_deadline: "2099-01-09T00:00:00.000Z" }) }),
      "/api/cohorts/user/history": () => json(200, { data: [] }),
      "/api/payment/subscription": () => json(200, { data: noSubscription }),
    });
    renderWithQuery(<CurrentCohortCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Change cohort" }));
    expect(await screen.findByText(CODE_LOAD_FAILED)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change cohort" })).toBeTruthy();
  });
});
