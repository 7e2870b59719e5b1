import * as z from "zod/mini";
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from "@/lib/auth/password-rules";

// D17: money actions need a fresh sign-in. The dialog and POST /api/operator/fresh-sign-in parse with these.

/** The code of the 403 a money route answers when the session has no fresh sign-in. */
export const FRESH_SIGN_IN_REQUIRED = "fresh_sign_in_required";

/** POST /api/operator/fresh-sign-in */
export const freshSignInSchema = z.object({
  password: z.string().check(z.minLength(1, "Enter your password."), z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)),
});

/** Until when money actions are allowed in this session (ISO 8601). */
export const freshSignInResultSchema = z.object({ confirmedUntil: z.string() });
