import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";

import { AssistantLauncher } from "@/components/assistant/assistant-launcher";
import "@/components/assistant/assistant-panel";
import { resultForYesCount } from "@/lib/questionnaire/questionnaire";
import { storageKeys } from "@/lib/storage-keys";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }), usePathname: () => "/" }));

const LAUNCHER = "Open the glucose assistant";

function visitedBefore() {
  localStorage.setItem(storageKeys.visited, "true");
}

function panel() {
  return screen.findByRole("dialog", { name: "Glucose assistant" });
}

// Each test starts from empty storage: the previous test's panel may still save its state while it unmounts.
beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("AssistantLauncher", () => {
  it("shows a round button that opens the panel and takes focus back when it closes", async () => {
    visitedBefore();
    render(<AssistantLauncher />);
    const button = screen.getByRole("button", { name: LAUNCHER });
    button.focus();
    fireEvent.click(button);
    const dialog = await panel();
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    expect(screen.queryByRole("button", { name: LAUNCHER })).toBeNull();

    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: LAUNCHER })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(storageKeys.widgetMode)).toBe('"collapsed"');
  });

  it("claims the header's openAssistant event and opens, returning focus to the header button", async () => {
    visitedBefore();
    render(
      <>
        <button type="button">AI</button>
        <AssistantLauncher />
      </>,
    );
    const headerButton = screen.getByRole("button", { name: "AI" });
    headerButton.focus();
    const event = new CustomEvent("openAssistant", { cancelable: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await panel();
    fireEvent.click(screen.getByRole("button", { name: "Close assistant" }));
    await waitFor(() => expect(document.activeElement).toBe(headerButton));
  });

  it("opens by itself 2 s after a first-ever visit, without taking focus, and remembers the visit", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<AssistantLauncher />);
    act(() => vi.advanceTimersByTime(1999));
    expect(localStorage.getItem(storageKeys.visited)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(localStorage.getItem(storageKeys.visited)).toBe("true");
    vi.useRealTimers();
    await panel();
    expect(screen.getByText("Question 1 of 5")).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it("does not open by itself on a later visit", async () => {
    visitedBefore();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<AssistantLauncher />);
    act(() => vi.advanceTimersByTime(5000));
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("reopens a widget that was left open", async () => {
    visitedBefore();
    localStorage.setItem(storageKeys.widgetMode, '"chat"');
    render(<AssistantLauncher />);
    await panel();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
  });

  it("reopens a collapsed widget that holds a result (SPEC §4 start rule)", async () => {
    visitedBefore();
    localStorage.setItem(storageKeys.widgetMode, '"collapsed"');
    localStorage.setItem(storageKeys.questionIndex, "5");
    localStorage.setItem(storageKeys.questionnaireResult, JSON.stringify(resultForYesCount(4)));
    render(<AssistantLauncher />);
    await panel();
    expect(screen.getByRole("heading", { name: "The Biohacker-in-Training" })).toBeTruthy();
  });

  it("stays collapsed when the stored values are corrupt", async () => {
    visitedBefore();
    localStorage.setItem(storageKeys.widgetMode, '"fullscreen"');
    localStorage.setItem(storageKeys.questionnaireResult, '{"yesCount":9}');
    localStorage.setItem(storageKeys.chatHistory, '[{"content":""}]');
    render(<AssistantLauncher />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: LAUNCHER })).toBeTruthy();
  });

  it("announces the recommendation after 'Review My Plan'", async () => {
    visitedBefore();
    render(<AssistantLauncher />);
    fireEvent.click(screen.getByRole("button", { name: LAUNCHER }));
    await panel();
    for (let i = 0; i < 5; i += 1) fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    fireEvent.click(screen.getByRole("button", { name: "Review My Plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("status").textContent).toBe("We recommend the Premium plan.");
    expect(localStorage.getItem(storageKeys.recommendedPlan)).toBe('"premium"');
  });
});
