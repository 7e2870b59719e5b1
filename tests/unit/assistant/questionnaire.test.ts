import { describe, expect, it } from "vitest";

import { PLANS } from "@/lib/pricing/plans";
import {
  QUESTIONS,
  QUESTION_COUNT,
  answerFor,
  answerQuestion,
  isAnswer,
  parseQuestionnaireResult,
  resultForYesCount,
  scoreQuestionnaire,
  type Answer,
  type AnswerValue,
} from "@/lib/questionnaire/questionnaire";

function answersWith(yes: number): Answer[] {
  return QUESTIONS.map((q, i) => ({ questionId: q.id, answer: (i < yes ? "yes" : "no") as AnswerValue }));
}

describe("questions (SPEC §9: five questions)", () => {
  it("has five yes/no questions with ids 1 to 5, each with a hint", () => {
    expect(QUESTION_COUNT).toBe(5);
    expect(QUESTIONS.map((q) => q.id)).toEqual([1, 2, 3, 4, 5]);
    for (const q of QUESTIONS) {
      expect(q.text).toMatch(/\?$/);
      expect(q.hint.length).toBeGreaterThan(10);
    }
  });
});

describe("answerQuestion (SPEC §3: a new answer replaces an earlier one)", () => {
  it("records an answer for a question", () => {
    expect(answerQuestion([], 2, "yes")).toEqual([{ questionId: 2, answer: "yes" }]);
  });

  it("replaces an earlier answer for the same question and keeps the others in question order", () => {
    const answers = answerQuestion(answerQuestion(answerQuestion([], 3, "yes"), 1, "no"), 3, "no");
    expect(answers).toEqual([
      { questionId: 1, answer: "no" },
      { questionId: 3, answer: "no" },
    ]);
  });

  it("does not change the list it was given", () => {
    const before: Answer[] = [{ questionId: 1, answer: "yes" }];
    answerQuestion(before, 1, "no");
    expect(before).toEqual([{ questionId: 1, answer: "yes" }]);
  });
});

describe("answerFor", () => {
  it("returns the answer to a question, or undefined when unanswered", () => {
    const answers: Answer[] = [{ questionId: 4, answer: "yes" }];
    expect(answerFor(answers, 4)).toBe("yes");
    expect(answerFor(answers, 5)).toBeUndefined();
  });
});

describe("isAnswer", () => {
  it("accepts a question id 1–5 with 'yes' or 'no'", () => {
    expect(isAnswer({ questionId: 1, answer: "yes" })).toBe(true);
    expect(isAnswer({ questionId: 5, answer: "no" })).toBe(true);
  });

  it.each([
    ["an answer of 'maybe'", { questionId: 1, answer: "maybe" }],
    ["question 0", { questionId: 0, answer: "yes" }],
    ["question 6", { questionId: 6, answer: "yes" }],
    ["a fractional id", { questionId: 1.5, answer: "yes" }],
    ["a string id", { questionId: "1", answer: "yes" }],
    ["null", null],
    ["a string", "yes"],
  ])("rejects %s", (_label, value) => {
    expect(isAnswer(value)).toBe(false);
  });
});

describe("scoreQuestionnaire (SPEC §9)", () => {
  it.each([
    [0, "starter", "Starter", "The Curious Tweaker"],
    [1, "starter", "Starter", "The Curious Tweaker"],
    [2, "starter", "Starter", "The Curious Tweaker"],
    [3, "popular", "Popular", "The Biohacker-in-Training"],
    [4, "popular", "Popular", "The Biohacker-in-Training"],
    [5, "premium", "Premium", "The Glucose Rebel"],
  ])("gives %i yes answers the %s plan (%s, '%s')", (yes, planType, planName, title) => {
    const result = scoreQuestionnaire(answersWith(yes));
    expect(result).toMatchObject({ yesCount: yes, planType, planName, title });
    expect(result.description.length).toBeGreaterThan(20);
  });

  it("counts unanswered questions as not yes", () => {
    expect(scoreQuestionnaire([{ questionId: 2, answer: "yes" }]).yesCount).toBe(1);
  });

  it("names each result's plan as the plan catalogue does", () => {
    for (const yes of [0, 3, 5]) {
      const result = resultForYesCount(yes);
      expect(PLANS.find((p) => p.type === result.planType)?.name).toBe(result.planName);
    }
  });
});

describe("parseQuestionnaireResult", () => {
  it("rebuilds a stored result from its yes count", () => {
    const stored = JSON.parse(JSON.stringify(resultForYesCount(4))) as unknown;
    expect(parseQuestionnaireResult(stored)).toEqual(resultForYesCount(4));
  });

  it.each([
    ["null", null],
    ["a string", "popular"],
    ["a yes count of 9", { yesCount: 9, planType: "premium", title: "The Glucose Rebel" }],
    ["a negative yes count", { yesCount: -1, planType: "starter", title: "The Curious Tweaker" }],
    ["a fractional yes count", { yesCount: 2.5, planType: "starter", title: "The Curious Tweaker" }],
    ["a yes count as text", { yesCount: "3", planType: "popular", title: "The Biohacker-in-Training" }],
    ["a plan that does not match the count", { yesCount: 1, planType: "premium", title: "The Curious Tweaker" }],
    ["a title that does not match the count", { yesCount: 5, planType: "premium", title: "The Hacker" }],
  ])("ignores %s", (_label, value) => {
    expect(parseQuestionnaireResult(value)).toBeNull();
  });
});
