import type { PlanType } from "../pricing/plans";

// SPEC §3 Answer / Questionnaire result and §9: five yes/no questions, scored by how many are 'yes'.
export type QuestionId = 1 | 2 | 3 | 4 | 5;
export type AnswerValue = "yes" | "no";
export type Answer = { questionId: QuestionId; answer: AnswerValue };

export type Question = { id: QuestionId; text: string; hint: string };

export type QuestionnaireResult = {
  yesCount: number;
  planType: PlanType;
  title: string;
  planName: "Starter" | "Popular" | "Premium";
  description: string;
};

export const QUESTIONS: readonly Question[] = [
  {
    id: 1,
    text: "Do you often feel tired, hungry or foggy an hour or two after a meal?",
    hint: "Energy crashes after eating are a common sign of a glucose spike followed by a dip.",
  },
  {
    id: 2,
    text: "Would you like to lose weight or lower your risk of type 2 diabetes, for example because it runs in your family?",
    hint: "Steadier glucose makes cravings easier to manage and supports long-term health.",
  },
  {
    id: 3,
    text: "Have you tracked what you eat before, with an app or a food diary?",
    hint: "Logging meals is how you connect each food to the curve it causes.",
  },
  {
    id: 4,
    text: "Would you like a coach to talk your results through with, rather than an app alone?",
    hint: "Our coaches turn your glucose data into a few habits that fit your life.",
  },
  {
    id: 5,
    text: "Are you ready to wear a CGM sensor on your arm for the 14-day bootcamp?",
    hint: "A continuous glucose monitor is a small, painless patch that reads your glucose around the clock.",
  },
];

export const QUESTION_COUNT = QUESTIONS.length;

const ANSWER_VALUES: readonly unknown[] = ["yes", "no"];

export function isQuestionId(value: unknown): value is QuestionId {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= QUESTION_COUNT;
}

export function isAnswer(value: unknown): value is Answer {
  if (typeof value !== "object" || value === null) return false;
  const { questionId, answer } = value as Record<string, unknown>;
  return isQuestionId(questionId) && ANSWER_VALUES.includes(answer);
}

/** The answers with `answer` recorded for `questionId`; a new answer replaces an earlier one. */
export function answerQuestion(answers: readonly Answer[], questionId: QuestionId, answer: AnswerValue): Answer[] {
  return [...answers.filter((a) => a.questionId !== questionId), { questionId, answer }].sort((a, b) => a.questionId - b.questionId);
}

/** The answer given to `questionId`, or undefined when it has none. */
export function answerFor(answers: readonly Answer[], questionId: QuestionId): AnswerValue | undefined {
  return answers.find((a) => a.questionId === questionId)?.answer;
}

/** SPEC §9: 0–2 yes → Starter, 3–4 yes → Popular, 5 yes → Premium. */
export function resultForYesCount(yesCount: number): QuestionnaireResult {
  if (yesCount >= QUESTION_COUNT) {
    return {
      yesCount,
      planType: "premium",
      planName: "Premium",
      title: "The Glucose Rebel",
      description:
        "You know what you want to change and you are ready to measure it. Premium gives you a full year of coaching, private 1 on 1 sessions and priority support.",
    };
  }
  if (yesCount >= 3) {
    return {
      yesCount,
      planType: "popular",
      planName: "Popular",
      title: "The Biohacker-in-Training",
      description:
        "You are ready to experiment and would like some guidance along the way. Popular adds private 1 on 1 sessions with a coach who turns your glucose data into habits that stick.",
    };
  }
  return {
    yesCount,
    planType: "starter",
    planName: "Starter",
    title: "The Curious Tweaker",
    description:
      "You are curious how food affects you and want to start small. Starter gives you the 14-day CGM bootcamp and the AI coach to learn your own glucose responses at your own pace.",
  };
}

export function scoreQuestionnaire(answers: readonly Answer[]): QuestionnaireResult {
  const yesCount = QUESTIONS.filter((q) => answerFor(answers, q.id) === "yes").length;
  return resultForYesCount(yesCount);
}

/** A stored result, rebuilt from its yes count when it is one this questionnaire can produce. */
export function parseQuestionnaireResult(value: unknown): QuestionnaireResult | null {
  if (typeof value !== "object" || value === null) return null;
  const { yesCount, planType, title } = value as Record<string, unknown>;
  if (typeof yesCount !== "number" || !Number.isInteger(yesCount) || yesCount < 0 || yesCount > QUESTION_COUNT) {
    return null;
  }
  const result = resultForYesCount(yesCount);
  return result.planType === planType && result.title === title ? result : null;
}
