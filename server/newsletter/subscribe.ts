import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import type { NewsletterSubscribed, NewsletterSubscription } from "@/lib/newsletter/newsletter-schema";
import { db } from "../db/client";
import { addNewsletterSubscriber } from "../db/newsletter/newsletter-subscribers";
import { queueEmail } from "../email/outbox";

/**
 * Keeps the address (once per inbox) and queues the welcome email with it (D16: the subscription
 * and its email commit together). A repeated address, or another spelling of a kept one's inbox
 * ("+tags", Gmail dots, googlemail.com), is not an error and sends nothing: an inbox is welcomed once.
 */
export async function subscribeToNewsletter({ email, source }: NewsletterSubscription): Promise<NewsletterSubscribed> {
  await db().begin(async (tx) => {
    const { created } = await addNewsletterSubscriber(tx, email, emailIdentity(email), source);
    if (created) await queueEmail(tx, { kind: "newsletter-welcome", to: email, data: {} });
  });
  return { subscribed: true };
}
