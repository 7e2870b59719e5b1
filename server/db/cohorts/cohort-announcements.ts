import "server-only";
import type { TransactionSql } from "postgres";
import type { AnnouncementRow } from "@/lib/operator/announcement-schemas";
import { db, type Executor } from "../client";

// A cohort's announcements and the inboxes that unsubscribed from them
// (supabase/migrations/20261129020200_cohort_announcements.sql).

/**
 * The addresses of a cohort's paid seats, in the order the seats were taken: the member's account
 * address when the seat is theirs and the account confirmed it (`confirmed`), else the seat's or its
 * order's, which only ever had the receipt.
 */
export async function listEnrolledAddresses(sql: Executor, cohortId: string): Promise<{ email: string; confirmed: boolean }[]> {
  return sql<{ email: string; confirmed: boolean }[]>`
    select coalesce(u.email, s.email, o.email) as email, (a.email_confirmed_at is not null and u.email is not null) as confirmed
    from public.cohort_seats s
      left join public.orders o on o.id = s.order_id
      left join public.users u on u.id = s.user_id
      left join auth.users a on a.id = s.user_id
    where s.cohort_id = ${cohortId} and s.status = 'enrolled' and coalesce(u.email, s.email, o.email) is not null
    order by s.enrolled_at, s.id`;
}

/** Which of these inboxes (emailIdentity) unsubscribed from announcements. */
export async function unsubscribedAmong(sql: Executor, identities: string[]): Promise<Set<string>> {
  if (identities.length === 0) return new Set();
  const rows = await sql<{ email_identity: string }[]>`
    select email_identity from public.announcement_unsubscribes where email_identity = any(${identities}::text[])`;
  return new Set(rows.map((row) => row.email_identity));
}

export async function insertAnnouncement(
  tx: TransactionSql,
  announcement: { cohortId: string; subject: string; body: string; operatorId: string; recipients: number },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx<{ id: string; created_at: Date }[]>`
    insert into public.cohort_announcements (cohort_id, subject, body, sent_by, recipients)
    values (${announcement.cohortId}, ${announcement.subject}, ${announcement.body}, ${announcement.operatorId}, ${announcement.recipients})
    returning id, created_at`;
  return { id: row!.id, createdAt: row!.created_at };
}

/** What an announcement's email says, with its cohort's name; null once there is no such announcement. */
export async function findAnnouncement(id: string): Promise<{ subject: string; body: string; cohortName: string } | null> {
  const [row] = await db()<{ subject: string; body: string; cohort_name: string }[]>`
    select a.subject, a.body, c.cohort_name from public.cohort_announcements a join public.cohorts c on c.id = a.cohort_id where a.id = ${id}`;
  return row ? { subject: row.subject, body: row.body, cohortName: row.cohort_name } : null;
}

/** A cohort's announcements, newest first (the latest 20). */
export async function listCohortAnnouncements(cohortId: string): Promise<AnnouncementRow[]> {
  const rows = await db()<{ id: string; subject: string; sent_by_email: string | null; recipients: number; created_at: Date }[]>`
    select a.id, a.subject, u.email as sent_by_email, a.recipients, a.created_at
    from public.cohort_announcements a left join public.users u on u.id = a.sent_by
    where a.cohort_id = ${cohortId}
    order by a.created_at desc, a.id desc
    limit 20`;
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    sentBy: row.sent_by_email,
    recipients: row.recipients,
    createdAt: row.created_at,
  }));
}

/** Records that an inbox wants no more announcements; false when it had said so already. */
export async function insertUnsubscribe(identity: string): Promise<boolean> {
  const rows = await db()`
    insert into public.announcement_unsubscribes (email_identity) values (${identity})
    on conflict (email_identity) do nothing
    returning email_identity`;
  return rows.length === 1;
}

/** Whether an inbox unsubscribed from announcements. */
export async function isUnsubscribed(identity: string): Promise<boolean> {
  const rows = await db()`select 1 from public.announcement_unsubscribes where email_identity = ${identity}`;
  return rows.length === 1;
}
