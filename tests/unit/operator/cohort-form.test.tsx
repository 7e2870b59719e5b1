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
  published_at: "2026-11-01T00:00:00.000Z",
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
    for (const label of [
      "Name",
      "Description (optional)",
      "Language",
      "Capacity",
      "First day (optional)",
      "Last day (optional)",
      "Post-cohort end (optional)",
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it("names what is wrong next to each field, marks it invalid, and sends nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CohortForm />);
    fill("First day (optional)", day(10));
    fill("Last day (optional)", day(9));
    submit();
    await screen.findByText("Enter the cohort's name.");
    expect(screen.getByText("The last day must be on or after the first day.")).toBeTruthy();
    expect(screen.getByLabelText("Last day (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Name").getAttribute("aria-describedby")).toContain("error");
    expect(screen.getByRole("alert").textContent).toBe("Please correct the fields marked below.");
    expect(document.activeElement).toBe(screen.getByRole("alert"));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a new cohort starting today before asking the server", async () => {
    render(<CohortForm />);
    fill("Name", "Spring Cohort");
    fill("First day (optional)", day(0));
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
    expect(JSON.parse(String(init?.body))).toMatchObject({
      cohort_name: "Spring Cohort",
      language: "en",
      participant_cap: "20",
      start_cohort_date: "",
      draft: false,
    });
    expect(mocks.toast.success).toHaveBeenCalledWith("Cohort created. Visitors can now choose it.");
  });

  it("shows the server's refusal on its field (capacity below the seats taken)", async () => {
    const message = "Capacity cannot be below the seats already taken: 7 seats are paid or held.";
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ error: message, code: "validation_failed", details: [{ path: "participant_cap", message }] }, { status: 422 }),
    );
    render(
      <CohortForm
        cohortId={saved.id}
        initial={{ ...saved, start_cohort_date: "", last_day: "", end_postcohort_date: "", participant_cap: "6" }}
      />,
    );
    submit();
    await screen.findByText(message);
    expect(screen.getByLabelText("Capacity").getAttribute("aria-invalid")).toBe("true");
    expect(mocks.router.refresh).not.toHaveBeenCalled();
  });

  it("shows the programme length the first and last day make, both included, and sends the day after the last as the end", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ data: saved }, { status: 201 }));
    render(<CohortForm />);
    fill("Name", "Spring Cohort");
    fill("First day (optional)", "2027-03-01");
    fill("Last day (optional)", "2027-03-14");
    expect(screen.getByTestId("programme-length").textContent).toBe("Programme length: 14 days");
    expect(screen.queryByTestId("programme-length-warning")).toBeNull();
    submit();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({
      start_cohort_date: "2027-03-01",
      end_cohort_date: "2027-03-15",
    });
  });

  it("warns when the dates do not make the 14-day programme, and saves them anyway", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ data: saved }, { status: 201 }));
    render(<CohortForm />);
    fill("Name", "Spring Cohort");
    fill("First day (optional)", "2027-03-01");
    fill("Last day (optional)", "2027-03-13");
    expect(screen.getByTestId("programme-length").textContent).toBe("Programme length: 13 days");
    expect(screen.getByTestId("programme-length-warning").textContent).toContain(
      "These dates make a 13-day programme; the bootcamp is 14 days.",
    );
    submit();
    await waitFor(() => expect(mocks.router.push).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ end_cohort_date: "2027-03-14" });
  });

  it("accepts a one-day programme (first day = last day) and refuses a post-cohort end on the last day", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CohortForm />);
    fill("Name", "Spring Cohort");
    fill("First day (optional)", "2027-03-01");
    fill("Last day (optional)", "2027-03-01");
    fill("Post-cohort end (optional)", "2027-02-28");
    expect(screen.getByTestId("programme-length").textContent).toBe("Programme length: 1 day");
    submit();
    await screen.findByText("The post-cohort end date must be after the last day.");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("saves a draft when asked, with its own button and message", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ data: { ...saved, published_at: null } }, { status: 201 }));
    render(<CohortForm />);
    fill("Name", "Spring Cohort");
    fireEvent.click(screen.getByRole("checkbox", { name: "Save as a draft" }));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Draft saved. Publish it when it is ready for sale."));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ draft: true });
  });

  it("starts a copy ticked as a draft, with its note and the cohort it copies", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ data: { ...saved, published_at: null } }, { status: 201 }));
    const values = {
      cohort_name: "Spring Cohort (copy)",
      cohort_description: "",
      language: "es",
      start_cohort_date: "2027-03-15",
      last_day: "2027-03-28",
      end_postcohort_date: "",
      participant_cap: "12",
    };
    render(<CohortForm initial={values} initialDraft copiedFrom={saved.id} note="The dates are moved 2 weeks later." />);
    expect(screen.getByText("The dates are moved 2 weeks later.")).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Save as a draft" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({
      cohort_name: "Spring Cohort (copy)",
      language: "es",
      draft: true,
      copied_from: saved.id,
      end_cohort_date: "2027-03-29",
    });
  });
});
