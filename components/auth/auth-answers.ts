import { emailLinkSentSchema, signUpStartedSchema, signedInSchema, signedOutSchema } from "@/lib/auth/auth-schemas";

// What each /api/auth endpoint answers inside `{ data }`. Loaded with the first request (or after
// the form is up), so the sign-in page paints without the schema library.
export const authAnswers = {
  "/api/auth/sign-in": signedInSchema,
  "/api/auth/sign-up": signUpStartedSchema,
  "/api/auth/sign-in-link": emailLinkSentSchema,
  "/api/auth/forgot-password": emailLinkSentSchema,
  "/api/auth/sign-out": signedOutSchema,
};
