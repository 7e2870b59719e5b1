import "server-only";
import { cleanFeedbackComment, parseFeedbackReply, type FeedbackReply } from "@/lib/programme/feedback-reply";
import {
  FEEDBACK_ALREADY_GIVEN,
  FEEDBACK_NOT_ASKED,
  type ProgrammeFeedback,
  type ProgrammeFeedbackInput,
} from "@/lib/programme/programme-feedback-schema";
import type { AuthUser } from "../auth/auth-user";
import { insertFeedback, lastFeedbackQuestion, type FeedbackQuestion } from "../db/programme/programme-feedback";
import { ApiError } from "../http/api-error";

// The bot reads a message as the answer for this long after the question; later, a message is
// just a message again (the dashboard's form still takes the answer).
const BOT_ANSWER_WINDOW_MS = 30 * 86_400_000;
// A message handled again (its reply was lost) finds the answer it kept within this long.
const SAME_ANSWER_WINDOW_MS = 86_400_000;

const toFeedback = (question: FeedbackQuestion | null): ProgrammeFeedback => {
  if (!question) return { status: "none", cohortName: null, score: null, comment: null };
  const { answer } = question;
  return {
    status: answer ? "answered" : "asked",
    cohortName: question.cohortName,
    score: answer?.score ?? null,
    comment: answer?.comment ?? null,
  };
};

/** GET /api/programme/feedback: whether the member was asked after their cohort ended, and their answer. */
export async function memberFeedback(user: AuthUser): Promise<ProgrammeFeedback> {
  return toFeedback(await lastFeedbackQuestion(user.id));
}

/**
 * POST /api/programme/feedback: the member's answer to the question they were asked, once per seat.
 * A second answer is refused (409) and the first one stays; a member never asked is refused (403).
 */
export async function answerFeedback(user: AuthUser, input: ProgrammeFeedbackInput): Promise<ProgrammeFeedback> {
  const question = await lastFeedbackQuestion(user.id);
  if (!question) throw new ApiError("forbidden", FEEDBACK_NOT_ASKED);
  if (question.answer) throw new ApiError("conflict", FEEDBACK_ALREADY_GIVEN);
  const comment = cleanFeedbackComment(input.comment ?? "");
  const kept = await insertFeedback({ seatId: question.seatId, userId: user.id, cohortId: question.cohortId, score: input.score, comment });
  if (!kept) throw new ApiError("conflict", FEEDBACK_ALREADY_GIVEN);
  return memberFeedback(user);
}

/**
 * A coach bot message from a member: "thanks" when it answered the feedback question (kept now, or
 * kept by this same message before), "hint" when the question waits and this is no score, "none"
 * when no question waits for an answer (the message is handled as any other).
 */
export async function feedbackFromBot(userId: string, text: string, now: Date): Promise<"thanks" | "hint" | "none"> {
  const question = await lastFeedbackQuestion(userId);
  if (!question) return "none";
  const reply = parseFeedbackReply(text);
  if (question.answer) return reply && sameAnswer(question.answer, reply, now) ? "thanks" : "none";
  if (now.getTime() - question.askedAt.getTime() > BOT_ANSWER_WINDOW_MS) return "none";
  if (!reply) return "hint";
  if (await insertFeedback({ seatId: question.seatId, userId, cohortId: question.cohortId, ...reply })) return "thanks";
  // Kept a moment ago by this same message handled at once twice, or by the dashboard's form.
  const kept = (await lastFeedbackQuestion(userId))?.answer;
  return kept && sameAnswer(kept, reply, now) ? "thanks" : "none";
}

function sameAnswer(answer: NonNullable<FeedbackQuestion["answer"]>, reply: FeedbackReply, now: Date): boolean {
  return (
    answer.score === reply.score && answer.comment === reply.comment && now.getTime() - answer.answeredAt.getTime() < SAME_ANSWER_WINDOW_MS
  );
}
