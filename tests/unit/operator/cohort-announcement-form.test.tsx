import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AnnouncementList } from "@/components/operator/announcement-list";
import { CohortAnnouncementForm } from "@/components/operator/cohort-announcement-form";

// The cohort page's "Email the participants": preview, a test to oneself, and a send that asks
// first, naming how many it reaches; the server's word on a field is shown beside it.
const mocks = vi.hoisted(() => ({ refresh: vi.fn(), toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: mocks.refresh }) }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

const COHORT = "3f0c5a8e-2b1d-4c6e-9a7f-1e2d3c4b5a69";
const preview = { subject: "Start at 8", html: "<p>Start at 8</p>", text: "Start at 8", recipients: 12, unsubscribed: 1, unconfirmed: 2 };

function fill(subject: string, body: string) {
  fireEvent.change(screen.getByLabelText("Subject"), { target: { value: subject } });
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: body } });
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe("CohortAnnouncementForm", () => {
  it("previews the email in a sandboxed frame with whom it reaches", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ data: preview }));
    render(<CohortAnnouncementForm cohortId={COHORT} cohortName="Spring" />);
    fill(" Start at 8 ", "See you.");
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Goes to 12 participants. 1 unsubscribed from announcements. 2 participants never set up their account, so their address is not confirmed: they only get their receipts.",
    );
    expect(fetch).toHaveBeenCalledWith(
      `/api/operator/cohorts/${COHORT}/announcements/preview`,
      expect.objectContaining({ body: JSON.stringify({ subject: "Start at 8", body: "See you." }) }),
    );
    const frame = screen.getByTitle("Preview of the announcement email");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe("<p>Start at 8</p>");
  });

  it("sends a test to the operator and says where it went", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ data: { sentTo: "op@example.com" } }));
    render(<CohortAnnouncementForm cohortId={COHORT} cohortName="Spring" />);
    fill("Start at 8", "See you.");
    fireEvent.click(screen.getByRole("button", { name: "Send me a test" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("A test was sent to op@example.com."));
  });

  it("asks before sending, naming how many it reaches; Cancel sends nothing; confirming sends and clears the form", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(Response.json({ data: preview }))
      .mockResolvedValueOnce(Response.json({ data: preview }))
      .mockResolvedValueOnce(Response.json({ data: { id: "a1", recipients: 12, unsubscribed: 1, unconfirmed: 2 } }));
    render(<CohortAnnouncementForm cohortId={COHORT} cohortName="Spring" />);
    fill("Start at 8", "See you.");
    fireEvent.click(screen.getByRole("button", { name: "Send to participants" }));
    let dialog = await screen.findByRole("dialog", { name: "Email 12 participants?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole("button", { name: "Send to participants" }));
    dialog = await screen.findByRole("dialog", { name: "Email 12 participants?" });
    expect(dialog.textContent).toContain("every paid participant of Spring");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send announcement" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("The announcement is on its way to 12 participants."));
    expect(fetch).toHaveBeenLastCalledWith(`/api/operator/cohorts/${COHORT}/announcements`, expect.objectContaining({ method: "POST" }));
    expect(mocks.refresh).toHaveBeenCalled();
    expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's word on a field beside it, and says so when nobody would receive it", async () => {
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(
        Response.json(
          {
            error: "The request body is not valid.",
            code: "validation_failed",
            details: [{ path: "subject", message: "Write a subject." }],
          },
          { status: 422 },
        ),
      )
      .mockResolvedValueOnce(Response.json({ data: { ...preview, recipients: 0 } }));
    render(<CohortAnnouncementForm cohortId={COHORT} cohortName="Spring" />);
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Write a subject.")).toBeTruthy();
    fill("Start at 8", "See you.");
    fireEvent.click(screen.getByRole("button", { name: "Send to participants" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("There is nobody to email"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("AnnouncementList", () => {
  it("lists what was sent, newest first, or says none was", () => {
    const { unmount } = render(<AnnouncementList rows={[]} />);
    expect(screen.getByText("No announcement has been sent to this cohort.")).toBeTruthy();
    unmount();
    render(
      <AnnouncementList
        rows={[{ id: "a", subject: "Start at 8", sentBy: "op@example.com", recipients: 1, createdAt: new Date("2026-11-29T08:00:00Z") }]}
      />,
    );
    const item = within(screen.getByRole("list", { name: "Announcements sent" })).getByRole("listitem");
    expect(item.textContent).toBe("Start at 82026-11-29 08:00 UTC · to 1 participant · by op@example.com");
  });
});
