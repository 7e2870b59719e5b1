import "server-only";
import type { NewsletterSubscribed, NewsletterSubscription } from "@/lib/newsletter/newsletter-schema";
import { db } from "../db/client";
import { addNewsletterSubscriber } from "../db/newsletter-subscribers";
import { queueEmail } from "../email/outbox";

/**
 * Keeps the address (once) and queues the welcome email with it (D16: the subscription and its
 * email commit together). A repeated address is not an error and sends nothing.
 */
export async function subscribeToNewsletter({ email, source }: NewsletterSubscription): Promise<NewsletterSubscribed> {
  await db().begin(async (tx) => {
    const { created } = await addNewsletterSubscriber(tx, email, source);
    if (created) await queueEmail(tx, { kind: "newsletter-welcome", to: email, data: {} });
  });
  return { subscribed: true };
}
