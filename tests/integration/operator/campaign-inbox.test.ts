import { randomUUID } from "node:crypto";
import type { PendingQuery, Row, TransactionSql } from "postgres";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as messageHandledRoute } from "@/app/api/operator/campaign/messages/[id]/handled/route";
import { POST as partnerHandledRoute } from "@/app/api/operator/campaign/partners/[id]/handled/route";
import type { HandledFilter } from "@/lib/operator/campaign-lists";
import type { ListCursor } from "@/lib/operator/list-query";
import { contactMessageListQuery, partnerPledgeListQuery } from "@/server/db/operator/operator-campaign-inbox";
import { contactMessagePage, partnerPledgePage } from "@/server/operator/campaign-inbox";
import { suiteSql } from "../../fixtures/db";
import { auditEntriesOf, signedInOperator } from "../../fixtures/operators";
import { operatorCall } from "../../fixtures/operator-orders";
import { signedInMember } from "../../fixtures/payments";

// Campaign: partner pledges and contact messages, newest first a page at a time, marked
// handled (and not handled again) by an operator, each change in the audit log with it.
const sql = suiteSql();

async function insertPartner(name: string, at = new Date()): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into campaign_partners (name, email, org_name, org_type, region, created_at)
    values (${name}, ${`${name.toLowerCase().replace(/\W+/g, ".")}@partner.example`}, ${`${name} Clinic`}, 'healthcare', 'europe', ${at})
    returning id`;
  return row!.id;
}

async function insertMessage(name: string, at = new Date()): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into campaign_contact_messages (name, email, org_name, message, created_at)
    values (${name}, ${`${name.toLowerCase().replace(/\W+/g, ".")}@contact.example`}, null, ${`Hello from ${name}`}, ${at})
    returning id`;
  return row!.id;
}

const KINDS = [
  { kind: "partners", route: partnerHandledRoute, insert: insertPartner, table: "campaign_partners", subject: "partner_pledge" },
  { kind: "messages", route: messageHandledRoute, insert: insertMessage, table: "campaign_contact_messages", subject: "contact_message" },
] as const;

const mark = (kind: (typeof KINDS)[number], id: string, body: unknown, token?: string) =>
  operatorCall(kind.route, `/api/operator/campaign/${kind.kind}/${id}/handled`, { token, body, params: { id } });

beforeEach(async () => {
  await sql`delete from campaign_partners`;
  await sql`delete from campaign_contact_messages`;
});

describe.each(KINDS)("marking $kind handled", (kind) => {
  it("marks it handled by the operator, then not handled again, each change audited with before and after", async () => {
    const operator = await signedInOperator(`${kind.kind}-handler`);
    const id = await kind.insert("Grace Hopper");

    const handled = await mark(kind, id, { handled: true }, operator.token);
    expect(handled.status).toBe(200);
    expect(handled.body.data).toMatchObject({ id, handled: true, changed: true, handledAt: expect.any(String) });
    const [row] = await sql<
      { handled_at: Date | null; handled_by: string | null }[]
    >`select handled_at, handled_by from ${sql(kind.table)} where id = ${id}`;
    expect(row!.handled_by).toBe(operator.userId);
    expect(row!.handled_at!.toISOString()).toBe((handled.body.data as { handledAt: string }).handledAt);

    // The same mark again changes nothing and writes nothing.
    expect((await mark(kind, id, { handled: true }, operator.token)).body.data).toMatchObject({ handled: true, changed: false });

    const undone = await mark(kind, id, { handled: false }, operator.token);
    expect(undone.body.data).toEqual({ id, handled: false, handledAt: null, changed: true });
    expect(await sql`select handled_at, handled_by from ${sql(kind.table)} where id = ${id}`).toEqual([
      { handled_at: null, handled_by: null },
    ]);

    const entries = await auditEntriesOf(sql, id);
    expect(entries).toEqual([
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: `${kind.subject}.handle`,
        subject_type: kind.subject,
        before: { handled: false, handled_at: null },
        after: { handled: true, handled_at: row!.handled_at!.toISOString() },
      },
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: `${kind.subject}.unhandle`,
        subject_type: kind.subject,
        before: { handled: true, handled_at: row!.handled_at!.toISOString() },
        after: { handled: false, handled_at: null },
      },
    ]);
  });

  it("refuses a visitor and a member (403) and changes nothing", async () => {
    const id = await kind.insert("Ada Lovelace");
    const member = await signedInMember(`${kind.kind}-member`);
    for (const token of [undefined, member.token, "not-a-token"]) {
      const answer = await mark(kind, id, { handled: true }, token);
      expect(answer).toEqual({ status: 403, body: { error: "This is for operators only.", code: "forbidden" } });
    }
    expect(await sql`select handled_at from ${sql(kind.table)} where id = ${id}`).toEqual([{ handled_at: null }]);
    expect(await auditEntriesOf(sql, id)).toEqual([]);
  });

  it("answers 404 for a record that does not exist and 422 for a malformed id or body", async () => {
    const operator = await signedInOperator(`${kind.kind}-bad-input`);
    const id = await kind.insert("Alan Turing");
    expect((await mark(kind, randomUUID(), { handled: true }, operator.token)).status).toBe(404);
    expect((await mark(kind, "not-a-uuid", { handled: true }, operator.token)).status).toBe(422);
    for (const body of [{}, { handled: "yes" }, { handled: 1 }, null, []]) {
      const answer = await mark(kind, id, body, operator.token);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.code).toBe("validation_failed");
    }
    expect(await auditEntriesOf(sql, id)).toEqual([]);
  });
});

type Page = { rows: { id: string; handled: unknown }[]; next: ListCursor | null };

/** Every row of a list, a page at a time. */
async function readAll(
  read: (show: HandledFilter, after: ListCursor | null) => Promise<Page>,
  show: HandledFilter,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: ListCursor | null = null;
  let pages = 0;
  do {
    const page: Page = await read(show, after);
    ids.push(...page.rows.map((row) => row.id));
    after = page.next;
    pages += 1;
  } while (after);
  return { ids, pages };
}

describe.each([
  { kind: "partner pledges", insert: insertPartner, read: partnerPledgePage, table: "campaign_partners" },
  { kind: "contact messages", insert: insertMessage, read: contactMessagePage, table: "campaign_contact_messages" },
] as const)("the list of $kind", ({ insert, read, table }) => {
  it("is newest first, a page of 50 at a time, every row once, all or only the handled or not handled", async () => {
    const base = Date.now() - 3_600_000;
    const ids: string[] = [];
    // Two received in the same microsecond: the id orders them.
    for (let n = 0; n < 62; n++) ids.push(await insert(`Person ${n}`, new Date(base + Math.min(n, 60) * 1000)));
    const handled = ids.filter((_, n) => n % 5 === 0);
    await sql`update ${sql(table)} set handled_at = now() where id = any(${handled}::uuid[])`;
    const newestFirst = await sql<{ id: string }[]>`select id from ${sql(table)} order by created_at desc, id desc`;

    const all = await readAll(read, "all");
    expect(all.ids).toEqual(newestFirst.map((r) => r.id));
    expect(all.pages).toBe(2);
    const unhandled = await readAll(read, "unhandled");
    expect(unhandled.ids).toEqual(newestFirst.map((r) => r.id).filter((id) => !handled.includes(id)));
    expect((await readAll(read, "handled")).ids).toEqual(newestFirst.map((r) => r.id).filter((id) => handled.includes(id)));
    expect((await read("all", null)).rows).toHaveLength(50);
  });

  it("reads a hostile cursor as the first page", async () => {
    await insert("Only One");
    for (const after of [
      ["'; drop table campaign_partners; --", randomUUID()],
      ["2026-01-01T00:00:00.000000Z", "x"],
      [1, randomUUID()],
    ] as ListCursor[]) {
      expect((await read("all", after)).rows).toHaveLength(1);
    }
  });
});

describe("the lists' reads", () => {
  it("are each served by an index in the list's order, never by reading and sorting the whole table", async () => {
    const cursor: ListCursor = ["2026-11-29T10:00:00.000000Z", randomUUID()];
    const plan = <T extends Row[]>(query: (tx: TransactionSql) => PendingQuery<T>) =>
      sql.begin(async (tx) => {
        // Told to avoid reading tables through and sorting, the planner still must when no index serves the query in its order.
        await tx`set local enable_seqscan = off`;
        await tx`set local enable_sort = off`;
        await tx`set local enable_bitmapscan = off`;
        return (await tx<{ "QUERY PLAN": string }[]>`explain ${query(tx)}`).map((r) => r["QUERY PLAN"]).join("\n");
      });
    for (const show of ["all", "unhandled", "handled"] as const) {
      for (const after of [null, cursor]) {
        const label = `${show} ${JSON.stringify(after)}`;
        expect(await plan((tx) => partnerPledgeListQuery(tx, show, after)), label).not.toMatch(/Seq Scan on campaign_partners|Sort\b/);
        expect(await plan((tx) => contactMessageListQuery(tx, show, after)), label).not.toMatch(
          /Seq Scan on campaign_contact_messages|Sort\b/,
        );
      }
    }
  });
});
