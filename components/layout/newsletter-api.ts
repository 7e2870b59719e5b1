import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { emailProblem } from "@/lib/email/email-address";
import { NEWSLETTER_FAILED } from "@/lib/newsletter/newsletter-messages";
import { newsletterSubscribedSchema } from "@/lib/newsletter/newsletter-schema";

/**
 * POST /api/newsletter from the footer. The problem to show, or null once subscribed: the address
 * as typed (required, of email format: nothing is sent), the server's word on it (422) or the pace
 * (429), else a general failure.
 */
export async function subscribeToNewsletter(email: string): Promise<string | null> {
  const problem = emailProblem(email);
  if (problem) return problem;
  try {
    await apiRequest({ method: "POST", path: "/api/newsletter", body: { email, source: "footer" }, schema: newsletterSubscribedSchema });
    return null;
  } catch (error) {
    const told = error instanceof ApiRequestError && error.fromServer && (error.status === 422 || error.status === 429);
    return told ? error.message : NEWSLETTER_FAILED;
  }
}
