import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";

const mocks = vi.hoisted(() => ({
  router: { push: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { CohortForm } from "@/components/operator/cohort-form";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const saved = {
  id: "0c0a0000-0000-4000-8000-0000000000aa",
  cohort_name: "Spring Cohort",
  cohort_description: "",
  language: "en",
  status: "upcoming",
  start_cohort_date: null,
  end_cohort_date: null,
  end_postcohort_date: null,
  duration_days: 14,
  participant_cap: 20,
  seats: { paid: 0, held: 0, free: 20 },
  closed_at: null,
};

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: /Create cohort|Save changes/ }));

beforeEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe("the operator's cohort form", () => {
  it("labels every field", () => {
    render(<CohortForm />);
    for (const label of ["Name", "Description (optional)", "Language", "Capacity", "Start (optional)", "End (optional)", "Post-cohort end (optional)"]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it("names what is wrong next to each field, marks it invalid, and sends nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CohortForm />);
    fill("Start (optional)", day(10));
    fill("End (optional)", day(5));
    submit();
    await screen.findByText("Enter the cohort's name.");
    expect(screen.getByText("The end date must be after the start date.")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Name").getAttribute("aria-describedby")).toContain("error");
    expect(screen.getByRole("alert").textContent).toBe("Please correct the fields marked below.");
    expect(document.activeElement).toBe(screen.getByRole("alert"));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a new cohort starting today before asking the server", async () => {
    render(<CohortForm />);
    fill("Name", "Spring Cohort");
    fill("Start (optional)", day(0));
    submit();
    await screen.findByText("A new cohort must start after today.");
  });

  it("creates the cohort with the schema's fields and opens its page", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ data: saved }, { status: 201 }));
    render(<CohortForm />);
    fill("Name", "Spring Cohort");
    fill("Capacity", "20");
    submit();
    await waitFor(() => expect(mocks.router.push).toHaveBeenCalledWith(`/operator/cohorts/${saved.id}`));
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/operator/cohorts");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toMatchObject({ cohort_name: "Spring Cohort", language: "en", participant_cap: "20", start_cohort_date: "" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Cohort created. Visitors can now choose it.");
  });

  it("shows the server's refusal on its field (capacity below the seats taken)", async () => {
    const message = "Capacity cannot be below the seats already taken: 7 seats are paid or held.";
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ error: message, code: "validation_failed", details: [{ path: "participant_cap", message }] }, { status: 422 }),
    );
    render(<CohortForm cohortId={saved.id} initial={{ ...saved, start_cohort_date: "", end_cohort_date: "", end_postcohort_date: "", participant_cap: "6" }} />);
    submit();
    await screen.findByText(message);
    expect(screen.getByLabelText("Capacity").getAttribute("aria-invalid")).toBe("true");
    expect(mocks.router.refresh).not.toHaveBeenCalled();
  });
});
