import "server-only";
import type { NewsletterSubscribed, NewsletterSubscription } from "@/lib/newsletter/newsletter-schema";
import { addNewsletterSubscriber } from "../db/newsletter-subscribers";
import { sendEmail } from "../email/send-email";
import { newsletterWelcomeEmail } from "../email/templates/newsletter-welcome";
import { log } from "../log";

/**
 * Keeps the address (once) and welcomes new subscribers by email. A repeated address is not an
 * error and sends nothing; a mail failure does not lose the subscription.
 */
export async function subscribeToNewsletter({ email, source }: NewsletterSubscription): Promise<NewsletterSubscribed> {
  const { created } = await addNewsletterSubscriber(email, source);
  if (created) {
    try {
      await sendEmail(await newsletterWelcomeEmail(email));
    } catch (error) {
      log.error("Newsletter welcome email failed", { error });
    }
  }
  return { subscribed: true };
}
