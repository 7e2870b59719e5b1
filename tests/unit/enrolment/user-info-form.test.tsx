import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), push: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { EnrolmentStepper } from "@/components/enrolment/enrolment-stepper";
import { UserInfoForm } from "@/components/enrolment/user-info/user-info-form";
import { parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { SAFETY_QUESTIONS, SAFETY_SCREEN_VERSION } from "@/lib/questionnaire/safety-screen";
import { storageKeys } from "@/lib/storage-keys";
import { stubResizeObserver } from "./test-utils";

const choice = parsePlanChoice({ plan: "popular", cgm: "false" })!;
const continueButton = () => screen.getByRole("button", { name: "Continue to Choose Cohort" });
const cgmAnswer = (label: "Yes" | "No") =>
  within(screen.getByRole("group", { name: "Have you worn a continuous glucose monitor (CGM) before?" })).getByLabelText(
    label,
  ) as HTMLInputElement;

/** The safety screen answered 'no' three times (its own tests are in safety-screen-form.test.tsx). */
function answerSafetyScreenNo() {
  for (const q of SAFETY_QUESTIONS) fireEvent.click(within(screen.getByRole("group", { name: q.question })).getByLabelText("No"));
}

function storedUserInfo(): Record<string, unknown> {
  const draft = JSON.parse(sessionStorage.getItem(storageKeys.enrolmentDraft) ?? "{}") as { userInfo?: Record<string, unknown> };
  return draft.userInfo ?? {};
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  stubResizeObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe("/user-info form (SPEC §3, §5)", () => {
  it("alerts 'Please agree to terms and conditions.' and stays when the terms are not agreed", () => {
    render(<UserInfoForm choice={choice} />);
    answerSafetyScreenNo();
    fireEvent.click(cgmAnswer("Yes"));
    fireEvent.click(continueButton());
    expect(screen.getByRole("alert").textContent).toBe("Please agree to terms and conditions.");
    expect(mocks.toast.error).toHaveBeenCalledWith("Please agree to terms and conditions.", expect.anything());
    expect(screen.getByRole("checkbox", { name: "I agree to the terms and conditions" }).getAttribute("aria-invalid")).toBe("true");
    expect(mocks.router.push).not.toHaveBeenCalled();
  });

  it("records the terms version and time on agreeing, then continues to /payment with the plan", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-11-15T10:30:00.000Z"));
    render(<UserInfoForm choice={choice} />);
    answerSafetyScreenNo();
    fireEvent.click(continueButton());
    fireEvent.click(screen.getByRole("checkbox", { name: "I agree to the terms and conditions" }));
    vi.useRealTimers();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(storedUserInfo()).toEqual({
      agreeToTerms: true,
      termsVersion: "2025-07-31",
      termsAcceptedAt: "2025-11-15T10:30:00.000Z",
      safetyScreen: { version: SAFETY_SCREEN_VERSION, type1DiabetesOrInsulin: "no", pregnancy: "no", eatingDisorderHistory: "no" },
    });
    fireEvent.click(continueButton());
    expect(mocks.router.push).toHaveBeenCalledWith("/payment?plan=popular&cgm=false");
  });

  it("does not enforce cgmExperience and keeps every answer in the draft, so a reload keeps it", () => {
    const { unmount } = render(<UserInfoForm choice={choice} />);
    fireEvent.click(cgmAnswer("No"));
    fireEvent.change(screen.getByLabelText("Dietary restrictions (optional)"), { target: { value: "No nuts " } });
    fireEvent.change(screen.getByLabelText("Medical conditions (optional)"), { target: { value: "Type 2" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "I agree to the terms and conditions" }));
    unmount();
    render(<UserInfoForm choice={choice} />);
    expect(cgmAnswer("No").checked).toBe(true);
    expect((screen.getByLabelText("Dietary restrictions (optional)") as HTMLTextAreaElement).value).toBe("No nuts ");
    expect((screen.getByLabelText("Medical conditions (optional)") as HTMLTextAreaElement).value).toBe("Type 2");
    expect(screen.getByRole("checkbox", { name: "I agree to the terms and conditions" }).getAttribute("aria-checked")).toBe("true");
  });

  it("links the terms", () => {
    render(<UserInfoForm choice={choice} />);
    expect(screen.getByRole("link", { name: /terms and conditions/ }).getAttribute("href")).toBe("/terms");
  });

  it("reads corrupt stored data as an empty form", () => {
    sessionStorage.setItem(storageKeys.enrolmentDraft, "{not json");
    render(<UserInfoForm choice={choice} />);
    expect((screen.getByLabelText("Dietary restrictions (optional)") as HTMLTextAreaElement).value).toBe("");
  });

  it("follows a draft written by another part of the page", () => {
    render(<UserInfoForm choice={choice} />);
    act(() => {
      sessionStorage.setItem(storageKeys.enrolmentDraft, JSON.stringify({ userInfo: { dietaryRestrictions: "Vegan" } }));
      window.dispatchEvent(new Event("enrolmentDraftChange"));
    });
    expect((screen.getByLabelText("Dietary restrictions (optional)") as HTMLTextAreaElement).value).toBe("Vegan");
  });
});

describe("enrolment stepper (SPEC §2)", () => {
  it("marks the current step and makes only completed steps clickable", () => {
    render(<EnrolmentStepper current={2} targets={{ 1: { href: "/user-info?plan=popular&cgm=false" }, 3: { href: "/nowhere" } }} />);
    const current = document.querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain("Choose Cohort");
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByRole("link").textContent).toContain("Your Information");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("on step 1 nothing is clickable", () => {
    render(<EnrolmentStepper current={1} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(document.querySelector('[aria-current="step"]')?.textContent).toContain("Your Information");
  });
});
