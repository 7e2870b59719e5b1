import "server-only";
import type { TransactionSql } from "postgres";

/**
 * Stores an address once per inbox; returns whether it is new. `identity` is the address's inbox
 * (emailIdentity(): lower case, no "+tag", Gmail without dots and googlemail.com as gmail.com), so
 * a repeated address, however it is spelled, changes nothing and is welcomed no second time.
 */
export async function addNewsletterSubscriber(
  tx: TransactionSql,
  email: string,
  identity: string,
  source: string,
): Promise<{ created: boolean }> {
  // Held until the transaction ends: two spellings of one inbox posted together add one row.
  await tx`select pg_advisory_xact_lock(hashtextextended(${`newsletter:${identity}`}, 0))`;
  // The same rule as emailIdentity(), over the addresses already kept.
  const [known] = await tx<{ n: number }[]>`
    select count(*)::int as n from (
      select lower(split_part(email, '@', 1)) as raw_local, lower(split_part(email, '@', 2)) as raw_domain
      from public.newsletter_subscribers
      where lower(split_part(email, '@', 2)) = any(${identity.endsWith("@gmail.com") ? ["gmail.com", "googlemail.com"] : [identity.slice(identity.lastIndexOf("@") + 1)]}::text[])
    ) s
    cross join lateral (select coalesce(nullif(split_part(s.raw_local, '+', 1), ''), s.raw_local) as untagged) t
    cross join lateral (select case when s.raw_domain = 'googlemail.com' then 'gmail.com' else s.raw_domain end as domain) d
    where (case when d.domain = 'gmail.com' then coalesce(nullif(replace(t.untagged, '.', ''), ''), t.untagged) else t.untagged end) || '@' || d.domain = ${identity}`;
  if ((known?.n ?? 0) > 0) return { created: false };
  const rows = await tx<{ id: string }[]>`
    insert into public.newsletter_subscribers (email, source)
    values (${email}, ${source})
    on conflict (email) do nothing
    returning id`;
  return { created: rows.length > 0 };
}
