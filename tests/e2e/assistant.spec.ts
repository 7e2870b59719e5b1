import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

const panel = (page: Page) => page.getByRole("dialog", { name: "Glucose assistant" });

async function openAssistant(page: Page) {
  await page.getByRole("button", { name: "AI assistant" }).click();
  await expect(panel(page)).toBeVisible();
}

async function answerAll(page: Page, answers: ("Yes" | "No")[]) {
  for (const [index, answer] of answers.entries()) {
    await expect(panel(page).getByText(`Question ${index + 1} of 5`)).toBeVisible();
    await panel(page).getByRole("button", { name: answer, exact: true }).click();
  }
}

const OUTCOMES = [
  {
    answers: ["No", "Yes", "No", "Yes", "No"] as const,
    title: "The Curious Tweaker",
    plan: "Starter",
    type: "starter",
    prices: ["$99", "$149"],
  },
  {
    answers: ["Yes", "Yes", "No", "Yes", "No"] as const,
    title: "The Biohacker-in-Training",
    plan: "Popular",
    type: "popular",
    prices: ["$129", "$179"],
  },
  {
    answers: ["Yes", "Yes", "Yes", "Yes", "Yes"] as const,
    title: "The Glucose Rebel",
    plan: "Premium",
    type: "premium",
    prices: ["$139", "$189"],
  },
];

for (const outcome of OUTCOMES) {
  test(`${outcome.title}: Review My Plan preselects ${outcome.plan} on the pricing section`, async ({ page }) => {
    await page.goto("/our-team");
    await openAssistant(page);
    await answerAll(page, [...outcome.answers]);
    await expect(panel(page).getByRole("heading", { name: outcome.title })).toBeVisible();
    await panel(page).getByRole("button", { name: "Review My Plan" }).click();
    await expect(panel(page)).toBeHidden();
    await expect(page).toHaveURL(/\/how-it-works#pricing$/);

    const pricing = page.locator("#pricing");
    const card = pricing.getByRole("group", { name: outcome.plan });
    await expect(card.getByText("Recommended for you")).toBeVisible();
    await expect(card.getByRole("button", { name: `Selected Plan: ${outcome.plan}` })).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByTestId("plan-price")).toHaveText(outcome.prices[0]!);
    await pricing.getByRole("switch", { name: /Include a CGM device/ }).click();
    await expect(card.getByTestId("plan-price")).toHaveText(outcome.prices[1]!);
    await expect(pricing.getByRole("link", { name: `Continue with ${outcome.plan}` })).toHaveAttribute(
      "href",
      `/user-info?plan=${outcome.type}&cgm=true`,
    );
  });
}

test("it opens by itself about 2 s into a first-ever visit, and not again once closed", async ({ page }) => {
  await page.goto("/");
  await expect(panel(page)).toBeHidden();
  await expect(panel(page)).toBeVisible({ timeout: 6000 });
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Close assistant" }).click();
  await expect(panel(page)).toBeHidden();
  await page.reload();
  await page.waitForTimeout(3000);
  await expect(panel(page)).toBeHidden();
});

test("reloading mid-questionnaire resumes at the same question; the arrows move as the spec says", async ({ page }) => {
  await page.goto("/career");
  await openAssistant(page);
  await answerAll(page, ["Yes", "No"]);
  await expect(panel(page).getByText("Question 3 of 5")).toBeVisible();
  await page.reload();
  await expect(panel(page).getByText("Question 3 of 5")).toBeVisible();
  await panel(page).getByRole("button", { name: "Previous question" }).click();
  await expect(panel(page).getByText("Question 2 of 5")).toBeVisible();
  await panel(page).getByRole("button", { name: "Next question" }).click();
  await expect(panel(page).getByText("Question 3 of 5")).toBeVisible();
});

test("corrupt stored widget values are ignored", async ({ page }) => {
  await page.goto("/test-bird");
  await page.evaluate(() => {
    localStorage.setItem("gc_visited", "true");
    localStorage.setItem("gc_question_index", "9");
    localStorage.setItem("gc_answers", JSON.stringify([{ questionId: 1, answer: "maybe" }]));
    localStorage.setItem("gc_widget_mode", "{broken");
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.reload();
  await openAssistant(page);
  await expect(panel(page).getByText("Question 1 of 5")).toBeVisible();
  expect(errors).toEqual([]);
});

test("Talk to a Coach opens the chat: blank input cannot be sent, Enter sends, Shift+Enter does not", async ({ page }) => {
  await page.goto("/our-team");
  await openAssistant(page);
  await answerAll(page, ["No", "No", "No", "No", "No"]);
  await panel(page).getByRole("button", { name: "Talk to a Coach" }).click();
  const message = panel(page).getByRole("textbox", { name: "Message" });
  await expect(message).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Send" })).toBeDisabled();
  await message.fill("Why do I crash at 3 pm?");
  await message.press("Shift+Enter");
  await expect(message).toHaveValue("Why do I crash at 3 pm?\n");
  await message.press("Enter");
  await expect(panel(page).getByText("Why do I crash at 3 pm?")).toBeVisible();
  await expect(message).toHaveValue("");
  await expect(panel(page).locator("li")).toHaveCount(2, { timeout: 4000 });
  await expectNoAxeViolations(page);
  await panel(page).getByRole("button", { name: "Clear chat" }).click();
  await expect(panel(page).getByText("Why do I crash at 3 pm?")).toBeHidden();
});

test("the widget works from the keyboard alone", async ({ page }) => {
  await page.goto("/career");
  await page.getByRole("button", { name: "AI assistant" }).focus();
  await page.keyboard.press("Enter");
  await expect(panel(page)).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await panel(page).getByRole("button", { name: "Yes", exact: true }).focus();
    await page.keyboard.press("Enter");
  }
  await expect(panel(page).getByRole("heading", { name: "The Glucose Rebel" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
});

// Every impact, best practices included (the open panel once added a second banner on these pages),
// with the assistant closed, open, and in chat.
// Every page of the site that carries the assistant.
for (const path of ["/", "/how-it-works", "/our-team", "/career", "/test-bird", "/privacy", "/terms"]) {
  test(`${path} has no axe violations of any impact with the assistant closed and open`, async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
    await page.goto(path);
    await expectNoAxeViolations(page);
    await openAssistant(page);
    await expectNoAxeViolations(page);
    await panel(page).getByRole("button", { name: "Chat", exact: true }).click();
    await expectNoAxeViolations(page);
  });
}
