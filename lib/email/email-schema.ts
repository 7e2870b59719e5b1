import { z } from "zod";
import { EMAIL_REQUIRED_MESSAGE, emailProblem, normaliseEmail } from "./email-address";

/** An email address as people type it; parsed to trimmed lower case. Forms check the same rule. */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(normaliseEmail);
