import "server-only";
import type { PendingQuery, Row, TransactionSql } from "postgres";
import type { OrgType, Region } from "@/lib/campaign/campaign-options";
import type { ContactMessageRow, HandledFilter, PartnerPledgeRow } from "@/lib/operator/campaign-lists";
import { LIST_PAGE_SIZE, type ListCursor } from "@/lib/operator/list-query";
import { keysetTimeAfter } from "@/lib/paging/keyset-cursor";
import { db, type Executor } from "../client";
import { keysetAfter, keysetId, keysetOrder, keysetTime, keysetTimeText } from "../keyset";

// D17, Campaign: partner pledges and contact messages, newest first a page at a time (keyset on
// created_at and id, each state through its own index: 20261127800300_campaign_moderation.sql), and
// their handled mark.

export type InboxTable = "campaign_partners" | "campaign_contact_messages";

/** Rows received before the cursor's (newest first); null for the first page or a cursor that does not fit. */
export function receivedBefore(sql: Executor, alias: string, cursor: ListCursor | null): PendingQuery<Row[]> | null {
  const after = keysetTimeAfter(cursor);
  return (
    after &&
    keysetAfter(sql, "desc", [
      [sql`${sql(alias)}.created_at`, keysetTime(sql, after.at)],
      [sql`${sql(alias)}.id`, keysetId(sql, after.id)],
    ])
  );
}

/** Newest first, the order receivedBefore continues. */
export const receivedOrder = (sql: Executor, alias: string) =>
  keysetOrder(sql, "desc", [sql`${sql(alias)}.created_at`, sql`${sql(alias)}.id`]);

/** The received time as the cursor keeps it (to the microsecond). */
export const receivedCursorColumn = (sql: Executor, alias: string) => keysetTimeText(sql, sql`${sql(alias)}.created_at`);

function handledCondition(sql: Executor, show: HandledFilter): PendingQuery<Row[]> | null {
  if (show === "unhandled") return sql`t.handled_at is null`;
  if (show === "handled") return sql`t.handled_at is not null`;
  return null;
}

function whereClause(sql: Executor, conditions: (PendingQuery<Row[]> | null)[]): PendingQuery<Row[]> {
  const present = conditions.filter((c): c is PendingQuery<Row[]> => c !== null);
  return present.length ? sql`where ${present.reduce((all, c) => sql`${all} and ${c}`)}` : sql``;
}

type HandledColumns = { handled_at: Date | null; handled_by_email: string | null };
const handledOf = (row: HandledColumns) => (row.handled_at ? { at: row.handled_at.toISOString(), by: row.handled_by_email } : null);

type PartnerDbRow = HandledColumns & {
  id: string;
  received_cursor: string;
  created_at: Date;
  name: string;
  email: string;
  org_name: string;
  org_type: OrgType;
  region: Region;
};

/** A page of partner pledges (exported for the test that checks each list is read through an index). */
export function partnerPledgeListQuery(
  sql: Executor,
  show: HandledFilter,
  after: ListCursor | null,
  limit = LIST_PAGE_SIZE + 1,
): PendingQuery<PartnerDbRow[]> {
  return sql<PartnerDbRow[]>`
    select t.id, ${receivedCursorColumn(sql, "t")} as received_cursor, t.created_at, t.name, t.email, t.org_name, t.org_type, t.region,
      t.handled_at, u.email as handled_by_email
    from public.campaign_partners t
    left join public.users u on u.id = t.handled_by
    ${whereClause(sql, [handledCondition(sql, show), receivedBefore(sql, "t", after)])}
    order by ${receivedOrder(sql, "t")}
    limit ${limit}`;
}

export async function listPartnerPledges(show: HandledFilter, after: ListCursor | null): Promise<PartnerPledgeRow[]> {
  const rows = await partnerPledgeListQuery(db(), show, after);
  return rows.map((row) => ({
    id: row.id,
    receivedAt: row.created_at.toISOString(),
    name: row.name,
    email: row.email,
    orgName: row.org_name,
    orgType: row.org_type,
    region: row.region,
    handled: handledOf(row),
    cursor: [row.received_cursor, row.id],
  }));
}

type MessageDbRow = HandledColumns & {
  id: string;
  received_cursor: string;
  created_at: Date;
  name: string;
  email: string;
  org_name: string | null;
  message: string;
};

export function contactMessageListQuery(
  sql: Executor,
  show: HandledFilter,
  after: ListCursor | null,
  limit = LIST_PAGE_SIZE + 1,
): PendingQuery<MessageDbRow[]> {
  return sql<MessageDbRow[]>`
    select t.id, ${receivedCursorColumn(sql, "t")} as received_cursor, t.created_at, t.name, t.email, t.org_name, t.message,
      t.handled_at, u.email as handled_by_email
    from public.campaign_contact_messages t
    left join public.users u on u.id = t.handled_by
    ${whereClause(sql, [handledCondition(sql, show), receivedBefore(sql, "t", after)])}
    order by ${receivedOrder(sql, "t")}
    limit ${limit}`;
}

export async function listContactMessages(show: HandledFilter, after: ListCursor | null): Promise<ContactMessageRow[]> {
  const rows = await contactMessageListQuery(db(), show, after);
  return rows.map((row) => ({
    id: row.id,
    receivedAt: row.created_at.toISOString(),
    name: row.name,
    email: row.email,
    orgName: row.org_name,
    message: row.message,
    handled: handledOf(row),
    cursor: [row.received_cursor, row.id],
  }));
}

/** The handled mark of a partner pledge or contact message, locked until the transaction ends; null when there is none. */
export async function lockHandledMark(tx: TransactionSql, table: InboxTable, id: string): Promise<{ handledAt: Date | null } | null> {
  const [row] = await tx<{ handled_at: Date | null }[]>`select handled_at from public.${tx(table)} where id = ${id} for update`;
  return row ? { handledAt: row.handled_at } : null;
}

/** Marks it handled by the operator now, or not handled (null). */
export async function setHandledMark(tx: TransactionSql, table: InboxTable, id: string, operatorId: string | null): Promise<Date | null> {
  const [row] = await tx<{ handled_at: Date | null }[]>`
    update public.${tx(table)}
    set handled_at = ${operatorId ? tx`now()` : null}, handled_by = ${operatorId}
    where id = ${id}
    returning handled_at`;
  if (!row) throw new Error(`No ${table} row ${id} to mark`);
  return row.handled_at;
}
