import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";

import { AssistantPanel } from "@/components/assistant/assistant-panel";
import { storeRecommendedPlan } from "@/components/pricing/stored-recommended-plan";
import { storageKeys } from "@/lib/storage-keys";

const navigation = vi.hoisted(() => ({ push: vi.fn(), pathname: "/" }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: navigation.push }),
  usePathname: () => navigation.pathname,
}));
vi.mock("@/components/pricing/stored-recommended-plan", () => ({ storeRecommendedPlan: vi.fn() }));

const onCollapse = vi.fn();

function renderPanel() {
  return render(<AssistantPanel focusRequest={1} onCollapse={onCollapse} />);
}

function press(name: string) {
  fireEvent.click(screen.getByRole("button", { name }));
}

function answerAll(answers: readonly ("Yes" | "No")[]) {
  for (const answer of answers) press(answer);
}

function stored(key: string): unknown {
  return JSON.parse(localStorage.getItem(key) ?? "null");
}

beforeEach(() => {
  navigation.pathname = "/";
});

afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

describe("AssistantPanel: the panel", () => {
  it("is a non-modal region named 'Glucose assistant' that takes focus and opens on question 1", () => {
    renderPanel();
    const panel = screen.getByRole("dialog", { name: "Glucose assistant" });
    expect(panel.getAttribute("aria-modal")).toBe("false");
    expect(document.activeElement).toBe(panel);
    expect(screen.getByText("Question 1 of 5")).toBeTruthy();
    expect(stored(storageKeys.widgetMode)).toBe("questionnaire");
  });

  it("collapses on Escape and with the close button, and stores the collapsed mode", () => {
    renderPanel();
    fireEvent.keyDown(screen.getByRole("button", { name: "Yes" }), { key: "Escape" });
    expect(onCollapse).toHaveBeenCalledTimes(1);
    expect(stored(storageKeys.widgetMode)).toBe("collapsed");
    press("Close assistant");
    expect(onCollapse).toHaveBeenCalledTimes(2);
  });

  it("switches to chat with the mode switch and remembers it as the preferred mode", () => {
    renderPanel();
    press("Chat");
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
    expect(stored(storageKeys.widgetPreferredMode)).toBe("chat");
    press("Questionnaire");
    expect(screen.getByText("Question 1 of 5")).toBeTruthy();
  });
});

describe("AssistantPanel: questionnaire (SPEC §2, §9)", () => {
  it.each([
    [["No", "No", "Yes", "No", "Yes"], "The Curious Tweaker", "Starter"],
    [["Yes", "Yes", "No", "Yes", "No"], "The Biohacker-in-Training", "Popular"],
    [["Yes", "Yes", "Yes", "Yes", "Yes"], "The Glucose Rebel", "Premium"],
  ] as const)("answering %j shows '%s' with the %s plan", (answers, title, planName) => {
    renderPanel();
    answerAll(answers);
    const heading = screen.getByRole("heading", { level: 3, name: title });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(planName)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(`Your result: ${title}. We recommend the ${planName} plan.`);
  });

  it("moves focus to each new question heading and stores the progress", () => {
    renderPanel();
    press("Yes");
    expect(screen.getByText("Question 2 of 5")).toBeTruthy();
    expect(document.activeElement?.tagName).toBe("H3");
    expect(stored(storageKeys.questionIndex)).toBe(1);
    expect(stored(storageKeys.answers)).toEqual([{ questionId: 1, answer: "yes" }]);
  });

  it("disables the back arrow on question 1; back returns to the earlier question with its answer pressed", () => {
    renderPanel();
    expect((screen.getByRole("button", { name: "Previous question" }) as HTMLButtonElement).disabled).toBe(true);
    press("Yes");
    press("Previous question");
    expect(screen.getByText("Question 1 of 5")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("the forward arrow keeps the stored answer, or answers 'no'", () => {
    renderPanel();
    press("Yes");
    press("Previous question");
    press("Next question");
    press("Next question");
    expect(screen.getByText("Question 3 of 5")).toBeTruthy();
    expect(stored(storageKeys.answers)).toEqual([
      { questionId: 1, answer: "yes" },
      { questionId: 2, answer: "no" },
    ]);
  });

  it("back on the result reopens question 5", () => {
    renderPanel();
    answerAll(["Yes", "Yes", "Yes", "Yes", "No"]);
    press("Previous question");
    expect(screen.getByText("Question 5 of 5")).toBeTruthy();
    expect(screen.getByRole("button", { name: "No" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("'Start over' returns to question 1 with no answers and no result", () => {
    renderPanel();
    answerAll(["Yes", "Yes", "Yes", "Yes", "Yes"]);
    press("Start over");
    expect(screen.getByText("Question 1 of 5")).toBeTruthy();
    expect(stored(storageKeys.answers)).toEqual([]);
    expect(stored(storageKeys.questionnaireResult)).toBeNull();
    expect(screen.queryByRole("button", { name: "Start over" })).toBeNull();
  });

  it("'Talk to a Coach' opens the chat, prefers it and puts the cursor in the message box", () => {
    renderPanel();
    answerAll(["No", "No", "No", "No", "No"]);
    press("Talk to a Coach");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Message" }));
    expect(stored(storageKeys.widgetMode)).toBe("chat");
    expect(stored(storageKeys.widgetPreferredMode)).toBe("chat");
  });

  it("'Review My Plan' stores the plan, collapses with an announcement and goes to the pricing section", () => {
    renderPanel();
    answerAll(["Yes", "Yes", "Yes", "No", "No"]);
    press("Review My Plan");
    expect(storeRecommendedPlan).toHaveBeenCalledWith("popular");
    expect(onCollapse).toHaveBeenCalledWith("We recommend the Popular plan.");
    expect(stored(storageKeys.widgetMode)).toBe("collapsed");
    expect(navigation.push).toHaveBeenCalledWith("/how-it-works#pricing");
  });

  it("'Review My Plan' on /how-it-works scrolls to #pricing instead of navigating", () => {
    navigation.pathname = "/how-it-works";
    const pricing = document.createElement("section");
    pricing.id = "pricing";
    pricing.scrollIntoView = vi.fn();
    document.body.append(pricing);
    renderPanel();
    answerAll(["Yes", "Yes", "Yes", "Yes", "Yes"]);
    press("Review My Plan");
    expect(storeRecommendedPlan).toHaveBeenCalledWith("premium");
    expect(pricing.scrollIntoView).toHaveBeenCalled();
    expect(navigation.push).not.toHaveBeenCalled();
    pricing.remove();
  });
});

describe("AssistantPanel: stored state", () => {
  it("resumes at the stored question with the stored answers", () => {
    localStorage.setItem(storageKeys.questionIndex, "2");
    localStorage.setItem(storageKeys.answers, JSON.stringify([{ questionId: 3, answer: "no" }]));
    renderPanel();
    expect(screen.getByText("Question 3 of 5")).toBeTruthy();
    expect(screen.getByRole("button", { name: "No" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("starts from the defaults when storage holds corrupt values", () => {
    localStorage.setItem(storageKeys.widgetMode, '"fullscreen"');
    localStorage.setItem(storageKeys.questionIndex, "9");
    localStorage.setItem(storageKeys.answers, '[{"questionId":1,"answer":"maybe"}]');
    localStorage.setItem(storageKeys.questionnaireResult, "{broken");
    localStorage.setItem(storageKeys.chatHistory, '[{"role":"user"}]');
    renderPanel();
    expect(screen.getByText("Question 1 of 5")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes" }).getAttribute("aria-pressed")).toBe("false");
    expect(stored(storageKeys.answers)).toEqual([]);
    expect(stored(storageKeys.chatHistory)).toEqual([]);
  });

  it("opens in chat when the questionnaire is completed and chat is preferred", () => {
    localStorage.setItem(storageKeys.questionIndex, "5");
    localStorage.setItem(storageKeys.answers, JSON.stringify([1, 2, 3, 4, 5].map((questionId) => ({ questionId, answer: "no" }))));
    localStorage.setItem(storageKeys.widgetPreferredMode, '"chat"');
    localStorage.setItem(storageKeys.widgetMode, '"collapsed"');
    renderPanel();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
  });

  it("opened by the page with a stored result, starts in the questionnaire without taking focus", () => {
    localStorage.setItem(storageKeys.questionIndex, "5");
    localStorage.setItem(storageKeys.answers, JSON.stringify([1, 2, 3, 4, 5].map((questionId) => ({ questionId, answer: "yes" }))));
    localStorage.setItem(storageKeys.widgetPreferredMode, '"chat"');
    localStorage.setItem(storageKeys.widgetMode, '"collapsed"');
    render(<AssistantPanel focusRequest={0} onCollapse={onCollapse} />);
    expect(screen.getByRole("heading", { level: 3, name: "The Glucose Rebel" })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });
});
