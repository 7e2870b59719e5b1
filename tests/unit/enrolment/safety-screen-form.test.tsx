import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), push: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { UserInfoForm } from "@/components/enrolment/user-info/user-info-form";
import { parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { SAFETY_QUESTIONS, SEE_YOUR_DOCTOR } from "@/lib/questionnaire/safety-screen";
import { storageKeys } from "@/lib/storage-keys";
import { noToAll } from "./safety-screen-fixture";
import { callsTo, json, stubFetch, stubResizeObserver } from "./test-utils";

const choice = parsePlanChoice({ plan: "popular", cgm: "true" })!;
const continueButton = () => screen.getByRole("button", { name: "Continue to Choose Cohort" });
const [insulin, pregnancy, eating] = SAFETY_QUESTIONS as [
  (typeof SAFETY_QUESTIONS)[number],
  (typeof SAFETY_QUESTIONS)[number],
  (typeof SAFETY_QUESTIONS)[number],
];

function answer(question: string, value: "Yes" | "No") {
  fireEvent.click(within(screen.getByRole("group", { name: question })).getByLabelText(value));
}

function agreeToTerms() {
  fireEvent.click(screen.getByRole("checkbox", { name: "I agree to the terms and conditions" }));
}

function storedSafetyScreen(): unknown {
  const draft = JSON.parse(sessionStorage.getItem(storageKeys.enrolmentDraft) ?? "{}") as { userInfo?: { safetyScreen?: unknown } };
  return draft.userInfo?.safetyScreen;
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  stubResizeObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe("/user-info safety screen before a plan is sold", () => {
  it("cannot be skipped: each unanswered question says so and nothing goes on", () => {
    render(<UserInfoForm choice={choice} />);
    agreeToTerms();
    answer(pregnancy.question, "No");
    fireEvent.click(continueButton());
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "Please answer yes or no.",
      "Please answer yes or no.",
    ]);
    expect(document.activeElement?.id).toBe("type1DiabetesOrInsulin-yes");
    expect(mocks.router.push).not.toHaveBeenCalled();
  });

  it("goes on to choose a cohort after three 'no' answers, and keeps them with the user info", () => {
    render(<UserInfoForm choice={choice} />);
    for (const q of SAFETY_QUESTIONS) answer(q.question, "No");
    agreeToTerms();
    fireEvent.click(continueButton());
    expect(mocks.router.push).toHaveBeenCalledWith("/payment?plan=popular&cgm=true");
    expect(storedSafetyScreen()).toMatchObject({ type1DiabetesOrInsulin: "no", pregnancy: "no", eatingDisorderHistory: "no" });
  });

  it("shows a kind, specific page instead of a checkout after a 'yes': why, what to ask, how to join once cleared", () => {
    render(<UserInfoForm choice={choice} />);
    answer(insulin.question, "Yes");
    answer(pregnancy.question, "No");
    answer(eating.question, "No");
    agreeToTerms();
    fireEvent.click(continueButton());
    expect(mocks.router.push).not.toHaveBeenCalled();
    const page = screen.getByRole("region", { name: SEE_YOUR_DOCTOR.heading });
    expect(document.activeElement?.textContent).toBe(SEE_YOUR_DOCTOR.heading);
    expect(within(page).getByRole("heading", { name: insulin.topic })).toBeTruthy();
    expect(within(page).queryByRole("heading", { name: pregnancy.topic })).toBeNull();
    expect(page.textContent).toContain(insulin.why);
    for (const question of insulin.askYourDoctor) expect(within(page).getByText(question)).toBeTruthy();
    expect(within(page).getByRole("heading", { name: SEE_YOUR_DOCTOR.joinHeading })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue to Choose Cohort" })).toBeNull();
  });

  it("goes back to the answers, kept, on 'Change my answers'", () => {
    render(<UserInfoForm choice={choice} />);
    answer(insulin.question, "No");
    answer(pregnancy.question, "No");
    answer(eating.question, "Yes");
    fireEvent.click(continueButton());
    fireEvent.click(screen.getByRole("button", { name: SEE_YOUR_DOCTOR.changeAnswersLabel }));
    const group = screen.getByRole("group", { name: eating.question });
    expect((within(group).getByLabelText("Yes") as HTMLInputElement).checked).toBe(true);
  });

  it("offers no tick to go on: it emails a link to come back with once cleared, for these answers", async () => {
    const fetchMock = stubFetch({ "/api/safety-clearances": () => json(202, { data: { received: true } }) });
    render(<UserInfoForm choice={choice} />);
    answer(insulin.question, "No");
    answer(pregnancy.question, "Yes");
    answer(eating.question, "No");
    agreeToTerms();
    fireEvent.click(continueButton());
    const page = screen.getByRole("region", { name: SEE_YOUR_DOCTOR.heading });
    expect(within(page).queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: /continue/i })).toBeNull();

    fireEvent.click(within(page).getByRole("button", { name: SEE_YOUR_DOCTOR.sendLabel }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter your email address.");
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(within(page).getByLabelText(SEE_YOUR_DOCTOR.emailLabel), { target: { value: "Pia@Example.com" } });
    fireEvent.click(within(page).getByRole("button", { name: SEE_YOUR_DOCTOR.sendLabel }));
    expect(await screen.findByText(SEE_YOUR_DOCTOR.sent)).toBeTruthy();
    const [, init] = callsTo(fetchMock, "/api/safety-clearances")[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: "Pia@Example.com", safetyScreen: { ...noToAll, pregnancy: "yes" } });
    expect(mocks.router.push).not.toHaveBeenCalled();
    expect(storedSafetyScreen()).not.toHaveProperty("clearance");
  });

  it("goes on once this tab holds a clearance its link confirmed that covers every 'yes'", () => {
    const clearance = { pass: "p".repeat(43), clearedAt: "2026-11-28T10:00:00.000Z", reasons: ["pregnancy"] };
    sessionStorage.setItem(
      storageKeys.enrolmentDraft,
      JSON.stringify({ userInfo: { safetyScreen: { ...noToAll, pregnancy: "yes", clearance } } }),
    );
    render(<UserInfoForm choice={choice} />);
    agreeToTerms();
    fireEvent.click(continueButton());
    expect(mocks.router.push).toHaveBeenCalledWith("/payment?plan=popular&cgm=true");
  });
});
