import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ProgrammeTextEditor } from "@/components/operator/programme-text-editor";
import { previewValues } from "@/components/operator/programme-text-preview";
import { defaultText, PROGRAMME_TEXTS } from "@/lib/programme/programme-texts";

// The operator's editor of one programme text: what a member reads is previewed as it is typed (a
// whole message with the footer under it, a day's plan alone), a placeholder the text cannot use is
// said in place before anything is sent, and the server's word on the text is shown beside it.
const mocks = vi.hoisted(() => ({ refresh: vi.fn(), toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: mocks.refresh }) }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

const FOOTER = defaultText("footer");
const state = (key: string, body: string, edited = false) => ({ key, body, edited, updatedAt: null, updatedBy: null });

function editor(key: "morning" | "day-3") {
  render(
    <ProgrammeTextEditor
      textKey={key}
      text={state(key, defaultText(key))}
      label={PROGRAMME_TEXTS[key]!.label}
      placeholders={PROGRAMME_TEXTS[key]!.placeholders}
      defaultBody={defaultText(key)}
      values={previewValues({})}
      footer={FOOTER}
    />,
  );
}

const typeText = (value: string) => fireEvent.change(screen.getByLabelText("Text"), { target: { value } });

beforeEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe("ProgrammeTextEditor", () => {
  it("previews a message with the example member's values and the footer, and lists its placeholders", () => {
    editor("morning");
    typeText("Hi {name}, day {day}: {plan}");
    expect(screen.getByRole("status", { name: "Preview" }).textContent).toBe(
      "Hi Alex, day 3: Log your breakfast carefully: it shapes the rest of the day's curve.\n\nChange the hour or the channel, or pause: https://example.org/dashboard#programme",
    );
    expect(screen.getByRole("list", { name: "Placeholders" }).textContent).toContain("{plan} The day's plan");
  });

  it("shows a day's plan without the footer and says it takes no placeholder", () => {
    editor("day-3");
    typeText("Walk after lunch.");
    expect(screen.getByRole("status", { name: "Preview" }).textContent).toBe("Walk after lunch.");
    expect(screen.getByText("None: write the words as they are.")).toBeTruthy();
  });

  it("refuses in place a placeholder the text cannot use, or one miswritten, sending nothing", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    editor("morning");
    typeText("Hello {password}");
    expect(screen.getByText(/\{password\} is not a placeholder this text can use/)).toBeTruthy();
    typeText("Hello {Name}");
    expect(screen.getByText(/\{Name\} is not a placeholder: write placeholders in lower case/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("saves the trimmed text, and shows the server's refusal beside the field", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(
        Response.json(
          {
            error: "The request body is not valid.",
            code: "validation_failed",
            details: [{ path: "body", message: "Keep the text under 2,000 characters." }],
          },
          { status: 422 },
        ),
      )
      .mockResolvedValueOnce(Response.json({ data: { ...state("morning", "Day {day}: {plan}", true), updatedBy: "op@example.com" } }));
    editor("morning");
    typeText("  Day {day}: {plan} ");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Keep the text under 2,000 characters.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("“Every morning” is saved: the programme uses it from now on."));
    expect(fetch).toHaveBeenLastCalledWith(
      "/api/operator/programme/texts/morning",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ body: "Day {day}: {plan}" }) }),
    );
    expect(screen.getByTestId("programme-text-state").textContent).toBe("Edited by op@example.com.");
    expect(mocks.refresh).toHaveBeenCalled();
  });
});
