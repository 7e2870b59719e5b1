import "server-only";
import type { Executor } from "./client";

/** Stores an address once; returns whether it is new. A repeated address changes nothing. */
export async function addNewsletterSubscriber(executor: Executor, email: string, source: string): Promise<{ created: boolean }> {
  const rows = await executor<{ id: string }[]>`
    insert into public.newsletter_subscribers (email, source)
    values (${email}, ${source})
    on conflict (email) do nothing
    returning id`;
  return { created: rows.length > 0 };
}
