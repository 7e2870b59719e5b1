// GET|POST /api/programme/feedback - the signed-in member's answer to the feedback question asked after their cohort ended (once per seat).
import { programmeFeedbackInputSchema, programmeFeedbackSchema } from "@/lib/programme/programme-feedback-schema";
import { route } from "@/server/http";
import { programmeFeedbackLimits } from "@/server/http/rate-limits";
import { answerFeedback, memberFeedback } from "@/server/programme/programme-feedback";

export const GET = route({ auth: "required", response: programmeFeedbackSchema }, ({ user }) => memberFeedback(user));

export const POST = route(
  {
    auth: "required",
    liveSession: true,
    body: programmeFeedbackInputSchema,
    maxBodyBytes: 4096,
    rateLimits: programmeFeedbackLimits,
    response: programmeFeedbackSchema,
  },
  ({ user, body }) => answerFeedback(user, body),
);
