import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { TransactionSql } from "postgres";
import { describe, expect, it } from "vitest";
import { DELETE as releaseRoute, POST as holdRoute } from "@/app/api/operator/affiliates/[id]/hold/route";
import { POST as payoutRoute } from "@/app/api/operator/affiliates/[id]/payouts/route";
import { listAffiliateRows } from "@/server/db/operator/operator-affiliates";
import { affiliateLedgerPage, affiliateListPage, operatorAffiliate } from "@/server/operator/affiliates";
import { AFFILIATE_NOT_FOUND, ENTRIES_NOT_DUE, PAYOUT_REPLAYED, heldMessage } from "@/server/operator/affiliate-payouts";
import { exportDuePayouts } from "@/server/referrals/payouts";
import { actAsApiRole, suiteSql, testSql } from "../../fixtures/db";
import { arrangeAffiliate, arrangeCommission, arrangeReversal, countersThatDisagree } from "../../fixtures/operator-affiliates";
import { freshSignIn } from "../../fixtures/operator-orders";
import { auditEntriesOf, callRoute, signedInOperator } from "../../fixtures/operators";
import { checkoutBody, createCohort, eventually, payAtStripe, suiteWebhookEndpoint } from "../../fixtures/payments";
import { postgresOnly, racesOnlyOnPostgres } from "../../fixtures/postgres-only";
import { affiliateCode, checkout, deliverRenewal, lead, ledgerOf, member, paidOrderOf, stats, visit } from "../../fixtures/referrals";

// Affiliates: every affiliate's figures and ledger, marking due commission paid and holding
// a suspicious affiliate's payouts, against the real database.
const sql = suiteSql();
suiteWebhookEndpoint();
const operator = await signedInOperator("affiliates-op");
// Marking commission paid is a money action (D17): the operator confirmed their password just now.
expect((await freshSignIn(operator.token)).status).toBe(200);
const cohortId = await createCohort(sql);

// Every affiliate this file arranges has an address starting with this, so a search finds only them.
const RUN = `aff${randomBytes(4).toString("hex")}`;
let counter = 0;
const arrange = (label: string, joinedDaysAgo = 0) => arrangeAffiliate(sql, `${RUN}.${(counter += 1)}.${label}@example.com`, joinedDaysAgo);

// A payout run waiting on another transaction's lock needs two connections at once: PGlite runs one
// transaction at a time, so the run would wait for the hold's commit without ever being seen waiting.
const onPostgres = postgresOnly(
  "a payout run waits on a hold's row lock held by another connection; PGlite runs one transaction at a time",
);
racesOnlyOnPostgres("the same payout request arriving twice at once");

const listQuery = (q: string, sort: "joined" | "conversions" | "owed" = "joined", dir: "asc" | "desc" = "desc") => ({
  q,
  sort,
  dir,
  after: null,
});

// Called as the operator unless a caller (null: a visitor without a token) is named.
const as = (token: string | null | undefined) => (token === undefined ? operator.token : (token ?? undefined));
const pay = (id: string, body: unknown, token?: string | null) =>
  callRoute(payoutRoute, `/api/operator/affiliates/${id}/payouts`, { token: as(token), method: "POST", body, params: { id } });
const hold = (id: string, body: unknown, token?: string | null) =>
  callRoute(holdRoute, `/api/operator/affiliates/${id}/hold`, { token: as(token), method: "POST", body, params: { id } });
const release = (id: string, token?: string | null) =>
  callRoute(releaseRoute, `/api/operator/affiliates/${id}/hold`, { token: as(token), method: "DELETE", params: { id } });
const payBody = (amountCents: number, extra: Record<string, unknown> = {}) => ({
  amountCents,
  reference: "BANK-2026-0042",
  requestKey: randomUUID(),
  ...extra,
});

const previewCsv = async () => {
  let csv = "";
  const payouts = await exportDuePayouts({ markPaid: false, write: async (text) => void (csv = text) });
  return { payouts, csv };
};

async function payoutRows(affiliateId: string) {
  return sql<{ amount_cents: number; reference: string | null; paid_by: string | null; paid_by_id: string | null; items: number }[]>`
    select p.amount_cents, p.reference, p.paid_by, p.paid_by_id,
      (select count(*)::int from public.commission_payout_items i where i.payout_id = p.id) as items
    from public.commission_payouts p where p.affiliate_user_id = ${affiliateId} order by p.created_at`;
}

const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);

/** `npm run payouts -- ARGS` as package.json spells it (`tsx ARGS` is `node --import tsx ARGS`), against this run's database. */
async function payoutCommand(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, "../../..");
  const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const [tsx, ...rest] = scripts.payouts!.trim().split(/\s+/);
  if (tsx !== "tsx") throw new Error("the payout command runs through tsx");
  return promisify(execFile)(process.execPath, ["--import", "tsx", ...rest, ...args], { cwd: root, env: process.env, timeout: 60_000 });
}

describe("an affiliate's figures in the operator area", () => {
  it("are what the affiliate's own dashboard shows, in the list and on their page", async () => {
    const affiliate = await member("op-dash", `${RUN}.dash@example.com`);
    const { code } = await affiliateCode(affiliate.token);
    await visit(code);
    await visit(code);
    const { visitorCookie } = await visit(code);
    const friend = await member("op-dash-friend");
    expect((await lead(friend.token, visitorCookie)).body).toEqual({ data: { recorded: true } });
    const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: code }));
    await payAtStripe(sessionId);
    const order = await paidOrderOf(sql, sessionId);
    await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(1));
    await deliverRenewal(order.stripe_invoice_id!, { amountPaid: 10692, tax: 792, paidAt: new Date(Date.now() - 40 * 86_400_000) });
    await eventually(async () => expect(await ledgerOf(sql, order.id)).toHaveLength(2));

    const dashboard = (await stats(affiliate.token)).body.data!;
    expect(dashboard).toMatchObject({ visitors: 3, leads: 1, conversions: 1, commission: 49.6, pending: 29.8, due: 19.8, paid: 0 });
    const expected = {
      visitors: dashboard.visitors,
      leads: dashboard.leads,
      conversions: dashboard.conversions,
      earnedCents: cents(dashboard.commission),
      pendingCents: cents(dashboard.pending),
      dueCents: cents(dashboard.due),
      paidCents: cents(dashboard.paid),
    };
    const { rows } = await affiliateListPage(listQuery(`${RUN}.dash`));
    expect(rows).toEqual([
      { userId: affiliate.id, email: affiliate.email, code, joinedAt: expect.any(Date), figures: expected, held: false },
    ]);
    expect((await operatorAffiliate(affiliate.id))?.figures).toEqual(expected);
    const ledger = await affiliateLedgerPage(affiliate.id, null);
    expect(ledger.rows.map((e) => [e.reason, e.amountCents, e.state, e.orderId])).toEqual([
      ["renewal", 1980, "due", order.id],
      ["first_payment", 2980, "pending", order.id],
    ]);
    expect(ledger.rows[0]!.buyerEmail).toMatch(/@/);
    expect(ledger.rows[0]!.buyerEmail).not.toContain("*");

    // Marked paid here, the dashboard says so too.
    expect((await pay(affiliate.id, payBody(1980))).status).toBe(201);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ commission: 49.6, pending: 29.8, due: 0, paid: 19.8 });
    expect((await operatorAffiliate(affiliate.id))?.figures).toMatchObject({
      earnedCents: 4960,
      pendingCents: 2980,
      dueCents: 0,
      paidCents: 1980,
    });
  });

  it("count only what the dashboard counts: no flagged visit or lead, no refunded order", async () => {
    const affiliate = await arrange("flags");
    const visitor = randomUUID();
    await sql`insert into public.referral_visits (affiliate_user_id, visitor_id) values (${affiliate.id}, ${visitor})`;
    await sql`insert into public.referral_visits (affiliate_user_id, visitor_id, flagged_reason) values (${affiliate.id}, ${randomUUID()}, 'affiliate_daily_ceiling')`;
    const buyer = await arrange("flags-buyer");
    await sql`insert into public.referral_leads (referred_user_id, affiliate_user_id, touched_at, flagged_reason) values (${buyer.id}, ${affiliate.id}, now(), 'affiliate_daily_ceiling')`;
    const { orderId } = await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 500, dueInDays: -1 }]);
    await arrangeCommission(sql, affiliate.id, cohortId, [], "refunded");
    const figures = async () => (await operatorAffiliate(affiliate.id))!.figures;
    expect(await figures()).toMatchObject({ visitors: 1, leads: 0, conversions: 1, earnedCents: 500, dueCents: 500 });

    await sql`update public.orders set status = 'refunded' where id = ${orderId}`;
    await sql`update public.referral_visits set flagged_reason = 'address_daily_ceiling' where visitor_id = ${visitor}`;
    expect(await figures()).toMatchObject({ visitors: 0, conversions: 0 });
    await sql`delete from public.referral_leads where referred_user_id = ${buyer.id}`;
    expect(await figures()).toMatchObject({ leads: 0 });

    // Many rows in one statement (an affiliate's visits written or removed together) count once each.
    await sql`insert into public.referral_visits (affiliate_user_id, visitor_id) select ${affiliate.id}, gen_random_uuid() from generate_series(1, 40)`;
    expect(await figures()).toMatchObject({ visitors: 40 });
    await sql`update public.referral_visits set flagged_reason = null where affiliate_user_id = ${affiliate.id}`;
    expect(await figures()).toMatchObject({ visitors: 42 });
    await sql`delete from public.referral_visits where affiliate_user_id = ${affiliate.id} and visitor_id <> ${visitor}`;
    expect(await figures()).toMatchObject({ visitors: 1 });
  });
});

describe("the affiliate list", () => {
  it("finds affiliates by the start of their email, their code or their coupon code, and nothing for a wildcard", async () => {
    const a = await arrange("search-alpha");
    await arrange("search-beta");
    const emails = async (q: string) => (await affiliateListPage(listQuery(q))).rows.map((row) => row.email);
    expect(await emails(a.email.slice(0, a.email.indexOf("search") + 8))).toEqual([a.email]);
    expect(await emails(a.email.toUpperCase())).toEqual([a.email]);
    expect(await emails(a.code)).toEqual([a.email]);
    expect(await emails(a.code.toUpperCase())).toEqual([a.email]);
    expect(await emails(a.code.slice(0, 5))).toContain(a.email);
    expect(await emails(`${RUN}%`)).toEqual([]);
    expect(await emails(`${RUN}_`)).toEqual([]);
    expect(await emails("nobody-has-this-address")).toEqual([]);
  });

  it("pages through every affiliate once in each order, by the last row shown", async () => {
    const sortRun = `${RUN}.sort`;
    const made: { id: string; conversions: number; owed: number; order: number }[] = [];
    for (const [index, figures] of [
      { conversions: 2, owed: 300 },
      { conversions: 0, owed: 0 },
      { conversions: 2, owed: 1200 },
      { conversions: 1, owed: 300 },
      { conversions: 3, owed: 50 },
    ].entries()) {
      const affiliate = await arrangeAffiliate(sql, `${sortRun}.${index}@example.com`, 10 - index);
      for (let i = 0; i < figures.conversions; i += 1) await arrangeCommission(sql, affiliate.id, cohortId, []);
      if (figures.owed) await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: figures.owed, dueInDays: 5 }], "refunded");
      made.push({ id: affiliate.id, ...figures, order: index });
    }
    for (const sort of ["joined", "conversions", "owed"] as const) {
      for (const dir of ["desc", "asc"] as const) {
        const seen: string[] = [];
        let after: { value: string | number; id: string } | null = null;
        for (let page = 0; page < 10; page += 1) {
          const rows = await listAffiliateRows({ sort, dir, prefix: sortRun, after, limit: 2 });
          seen.push(...rows.map((record) => record.row.userId));
          if (rows.length < 2) break;
          const last = rows[rows.length - 1]!;
          after = { value: last.sortKey, id: last.row.userId };
        }
        const key = (m: (typeof made)[number]) => (sort === "joined" ? m.order : sort === "conversions" ? m.conversions : m.owed);
        const expected = [...made].sort((x, y) => (key(x) - key(y) || (x.id < y.id ? -1 : 1)) * (dir === "desc" ? -1 : 1)).map((m) => m.id);
        expect(seen, `${sort} ${dir}`).toEqual(expected);
      }
    }
  });

  it("shows which affiliates' payouts are held", async () => {
    const held = await arrange("listed-held");
    expect((await hold(held.id, { reason: "Checking a run of refunds" })).status).toBe(200);
    expect((await affiliateListPage(listQuery(held.email))).rows[0]).toMatchObject({ userId: held.id, held: true });
  });
});

describe("marking due commission paid", () => {
  it("records the payout in the ledger as the payout run does, with its audit entry; then nothing is due", async () => {
    const affiliate = await arrange("pay");
    const { entryIds } = await arrangeCommission(sql, affiliate.id, cohortId, [
      { cents: 1500, dueInDays: -3 },
      { cents: 700, dueInDays: -1 },
      { cents: 900, dueInDays: 10 },
    ]);
    await arrangeReversal(sql, entryIds[1]!, 200);
    const body = payBody(2000);
    const answer = await pay(affiliate.id, body);
    expect(answer.status).toBe(201);
    expect(answer.body!.data).toEqual({
      payoutId: expect.any(String),
      affiliateId: affiliate.id,
      amountCents: 2000,
      currency: "usd",
      entries: 3,
      reference: "BANK-2026-0042",
      dueCents: 0,
    });
    const payoutId = (answer.body!.data as { payoutId: string }).payoutId;
    expect(await payoutRows(affiliate.id)).toEqual([
      { amount_cents: 2000, reference: "BANK-2026-0042", paid_by: operator.email, paid_by_id: operator.userId, items: 3 },
    ]);
    expect((await operatorAffiliate(affiliate.id))!.figures).toMatchObject({
      earnedCents: 2900,
      pendingCents: 900,
      dueCents: 0,
      paidCents: 2000,
    });
    const ledger = await affiliateLedgerPage(affiliate.id, null);
    expect(ledger.rows.filter((e) => e.state === "paid").map((e) => e.payoutId)).toEqual([payoutId, payoutId, payoutId]);
    expect(await auditEntriesOf(sql, affiliate.id)).toEqual([
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: "affiliate.payout",
        subject_type: "affiliate",
        before: { due_cents: 2000, paid_cents: 0 },
        after: {
          due_cents: 0,
          paid_cents: 2000,
          payout_id: payoutId,
          amount_cents: 2000,
          currency: "usd",
          entries: 3,
          reference: "BANK-2026-0042",
        },
      },
    ]);

    const again = await pay(affiliate.id, payBody(2000));
    expect(again.status).toBe(409);
    expect(again.body!.error).toBe("Nothing is due to this affiliate.");
    expect((await pay(affiliate.id, body)).body!.error).toBe(PAYOUT_REPLAYED);
    expect((await previewCsv()).payouts.find((p) => p.affiliateUserId === affiliate.id)).toBeUndefined();
    expect(await payoutRows(affiliate.id)).toHaveLength(1);
    expect(await auditEntriesOf(sql, affiliate.id)).toHaveLength(1);
  });

  it("pays once when the same request arrives twice at once (a double click), and once for two requests at once", async () => {
    const affiliate = await arrange("double");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 4200, dueInDays: -2 }]);
    const body = payBody(4200);
    const same = await Promise.all([pay(affiliate.id, body), pay(affiliate.id, body)]);
    expect(same.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(same.find((a) => a.status === 409)!.body!.error).toMatch(/^(This payout has been recorded already|Nothing is due)/);

    const other = await arrange("double-keys");
    await arrangeCommission(sql, other.id, cohortId, [{ cents: 1100, dueInDays: -2 }]);
    const twoKeys = await Promise.all([pay(other.id, payBody(1100)), pay(other.id, payBody(1100))]);
    expect(twoKeys.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await payoutRows(affiliate.id)).map((p) => p.amount_cents)).toEqual([4200]);
    expect((await payoutRows(other.id)).map((p) => p.amount_cents)).toEqual([1100]);
  });

  it("refuses an amount that is no longer what is due, and changes nothing", async () => {
    const affiliate = await arrange("changed");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -2 }]);
    const stale = await pay(affiliate.id, payBody(800));
    expect(stale.status).toBe(409);
    expect(stale.body!.error).toBe("The amount due is now $10.00, not $8.00: reload the page and check it before paying.");
    expect(await payoutRows(affiliate.id)).toEqual([]);
    expect(await auditEntriesOf(sql, affiliate.id)).toEqual([]);
  });

  it("pays only the chosen due entries, and refuses entries not due, paid or someone else's", async () => {
    const affiliate = await arrange("chosen");
    const { entryIds } = await arrangeCommission(sql, affiliate.id, cohortId, [
      { cents: 300, dueInDays: -2 },
      { cents: 400, dueInDays: -2 },
      { cents: 500, dueInDays: 7 },
    ]);
    const stranger = await arrange("chosen-stranger");
    const { entryIds: theirs } = await arrangeCommission(sql, stranger.id, cohortId, [{ cents: 900, dueInDays: -2 }]);
    for (const ids of [[entryIds[2]], [entryIds[0], theirs[0]], [randomUUID()]]) {
      const refused = await pay(affiliate.id, payBody(300, { entryIds: ids }));
      expect(refused.status).toBe(409);
      expect(refused.body!.error).toBe(ENTRIES_NOT_DUE);
    }
    expect((await pay(affiliate.id, payBody(400, { entryIds: [entryIds[1]] }))).status).toBe(201);
    expect((await pay(affiliate.id, payBody(400, { entryIds: [entryIds[1]] }))).body!.error).toBe(ENTRIES_NOT_DUE);
    expect((await operatorAffiliate(affiliate.id))!.figures).toMatchObject({ dueCents: 300, paidCents: 400, pendingCents: 500 });
    expect((await operatorAffiliate(stranger.id))!.figures).toMatchObject({ dueCents: 900, paidCents: 0 });
  });

  it("pays nothing while the balance is negative (a reversal of commission already paid out)", async () => {
    const affiliate = await arrange("negative");
    const { entryIds } = await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -40 }]);
    expect((await pay(affiliate.id, payBody(1000))).status).toBe(201);
    await sql`
      insert into public.commission_entries (affiliate_user_id, order_id, kind, reason, amount_cents, currency, reverses_entry_id, stripe_reference, available_at)
      select affiliate_user_id, order_id, 'reversal', 'dispute_lost', -1000, currency, id, 'dp_test_after_payout', now() from public.commission_entries where id = ${entryIds[0]!}`;
    const refused = await pay(affiliate.id, payBody(1000));
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toBe(
      "Nothing is due: the balance is -$10.00, reversals of commission already paid out. It comes off the next commission.",
    );
  });

  it("needs a sign-in from the last 10 minutes: without one it answers 403 and pays nothing", async () => {
    const affiliate = await arrange("not-fresh");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -2 }]);
    const another = await signedInOperator("affiliates-op-not-fresh");
    const answer = await pay(affiliate.id, payBody(1000), another.token);
    expect(answer.status).toBe(403);
    expect(answer.body!.code).toBe("fresh_sign_in_required");
    expect(await payoutRows(affiliate.id)).toEqual([]);
    expect((await hold(affiliate.id, { reason: "A hold moves no money" }, another.token)).status).toBe(200);
  });

  it("answers 404 for an affiliate that does not exist", async () => {
    const answer = await pay(randomUUID(), payBody(100));
    expect(answer.status).toBe(404);
    expect(answer.body!.error).toBe(AFFILIATE_NOT_FOUND);
  });

  it.each([
    ["a negative amount", { amountCents: -100 }],
    ["no amount", { amountCents: undefined }],
    ["an amount in dollars", { amountCents: 10.5 }],
    ["an amount as text", { amountCents: "1000" }],
    ["a huge amount", { amountCents: 1e15 }],
    ["a blank reference", { reference: "   " }],
    ["a reference with a NUL", { reference: "BANK\u0000-1" }],
    ["a reference too long", { reference: "x".repeat(201) }],
    ["a reference that is not text", { reference: { $gt: "" } }],
    ["a request key that is not a UUID", { requestKey: "again" }],
    ["entries that are not UUIDs", { entryIds: ["1 or 1=1"] }],
    ["no entries", { entryIds: [] }],
    ["the same entry twice", { entryIds: ["0c0a0000-0000-4000-8000-000000000001", "0c0a0000-0000-4000-8000-000000000001"] }],
  ])("refuses %s with 422 and pays nothing", async (_label, change) => {
    const affiliate = await arrange("bad-input");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -2 }]);
    const answer = await pay(affiliate.id, { ...payBody(1000), ...change });
    expect(answer.status).toBe(422);
    expect(answer.body!.code).toBe("validation_failed");
    expect(await payoutRows(affiliate.id)).toEqual([]);
  });

  it("refuses a body that is not JSON, an array, or an address that is not an affiliate id", async () => {
    const affiliate = await arrange("bad-body");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -2 }]);
    const raw = await payoutRoute(
      new Request(`http://localhost:3000/api/operator/affiliates/${affiliate.id}/payouts`, {
        method: "POST",
        headers: { authorization: `Bearer ${operator.token}`, "content-type": "application/json" },
        body: "{not json",
      }),
      { params: Promise.resolve({ id: affiliate.id }) },
    );
    expect(raw.status).toBe(400);
    expect((await pay(affiliate.id, [payBody(1000)])).status).toBe(422);
    expect((await pay("not-an-id", payBody(1000))).status).toBe(422);
    expect((await pay("0c0a0000-0000-4000-8000-%00", payBody(1000))).status).toBe(422);
    expect(await payoutRows(affiliate.id)).toEqual([]);
  });
});

describe("holding an affiliate's payouts", () => {
  it("leaves them out of the payout run and refuses to mark them paid while their commission accrues; a release pays them again", async () => {
    const affiliate = await arrange("held");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 2500, dueInDays: -5 }]);
    const bystander = await arrange("held-bystander");
    await arrangeCommission(sql, bystander.id, cohortId, [{ cents: 600, dueInDays: -5 }]);
    expect((await previewCsv()).payouts.map((p) => p.affiliateUserId)).toContain(affiliate.id);

    const held = await hold(affiliate.id, { reason: "  Twelve refunds in a week: checking with the bank  " });
    expect(held.status).toBe(200);
    expect(held.body!.data).toEqual({
      affiliateId: affiliate.id,
      held: true,
      reason: "Twelve refunds in a week: checking with the bank",
      heldAt: expect.any(String),
      heldBy: operator.email,
    });
    expect((await operatorAffiliate(affiliate.id))!.hold).toEqual({
      reason: "Twelve refunds in a week: checking with the bank",
      heldAt: expect.any(Date),
      heldBy: operator.email,
    });

    // Commission still accrues while held.
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 500, dueInDays: -1 }]);
    expect((await operatorAffiliate(affiliate.id))!.figures).toMatchObject({ earnedCents: 3000, dueCents: 3000, paidCents: 0 });

    const preview = await previewCsv();
    expect(preview.payouts.map((p) => p.affiliateUserId)).not.toContain(affiliate.id);
    expect(preview.payouts.map((p) => p.affiliateUserId)).toContain(bystander.id);
    expect(preview.csv).not.toContain(affiliate.id);
    const command = await payoutCommand("--export", "-");
    expect(command.stdout).toContain(bystander.id);
    expect(command.stdout).not.toContain(affiliate.id);
    expect(command.stderr).toMatch(/\d+ affiliate\(s\) on hold left out \(see \/operator\/affiliates\)/);
    const run = await exportDuePayouts({ markPaid: true, write: async () => {} });
    expect(run.map((p) => p.affiliateUserId)).not.toContain(affiliate.id);
    expect(await payoutRows(affiliate.id)).toEqual([]);
    expect(await payoutRows(bystander.id)).toEqual([
      { amount_cents: 600, reference: null, paid_by: "npm run payouts", paid_by_id: null, items: 1 },
    ]);
    expect((await auditEntriesOf(sql, bystander.id)).map((e) => [e.actor_id, e.actor, e.action])).toEqual([
      [null, "npm run payouts", "affiliate.payout"],
    ]);

    const refused = await pay(affiliate.id, payBody(3000));
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toBe(heldMessage("Twelve refunds in a week: checking with the bank"));
    expect(await payoutRows(affiliate.id)).toEqual([]);

    const released = await release(affiliate.id);
    expect(released.status).toBe(200);
    expect(released.body!.data).toEqual({ affiliateId: affiliate.id, held: false, reason: null, heldAt: null, heldBy: null });
    expect((await previewCsv()).payouts.find((p) => p.affiliateUserId === affiliate.id)).toMatchObject({
      amountCents: 3000,
      entryIds: [expect.any(String), expect.any(String)],
    });
    expect((await pay(affiliate.id, payBody(3000))).status).toBe(201);
    expect((await auditEntriesOf(sql, affiliate.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ["affiliate.hold", { held: false, reason: null }, { held: true, reason: "Twelve refunds in a week: checking with the bank" }],
      ["affiliate.release", { held: true, reason: "Twelve refunds in a week: checking with the bank" }, { held: false, reason: null }],
      [
        "affiliate.payout",
        { due_cents: 3000, paid_cents: 0 },
        expect.objectContaining({ due_cents: 0, paid_cents: 3000, amount_cents: 3000 }),
      ],
    ]);
  });

  onPostgres.it("leaves out of a payout run an affiliate held while the run waited for them", async () => {
    const affiliate = await arrange("race-hold");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -2 }]);
    const other = testSql();
    const holder = await other.reserve();
    try {
      await holder`begin`;
      await holder`update public.affiliates set payouts_held_at = now(), payouts_held_reason = 'race', payouts_held_by = 'test' where user_id = ${affiliate.id}`;
      const run = previewCsv();
      await eventually(async () => {
        const [waiting] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like '%for share of a%'`;
        expect(waiting!.n).toBeGreaterThan(0);
      });
      await holder`commit`;
      expect((await run).payouts.map((p) => p.affiliateUserId)).not.toContain(affiliate.id);
    } finally {
      holder.release();
      await other.end();
    }
  });

  it("writes a new reason to the audit log, nothing for the same reason again or a release of no hold", async () => {
    const affiliate = await arrange("reworded");
    expect((await release(affiliate.id)).status).toBe(200);
    expect((await hold(affiliate.id, { reason: "First look" })).status).toBe(200);
    expect((await hold(affiliate.id, { reason: "First look" })).status).toBe(200);
    expect((await hold(affiliate.id, { reason: "Second look" })).body!.data).toMatchObject({ held: true, reason: "Second look" });
    expect((await auditEntriesOf(sql, affiliate.id)).map((e) => [e.action, (e.after as { reason: string }).reason])).toEqual([
      ["affiliate.hold", "First look"],
      ["affiliate.hold", "Second look"],
    ]);
  });

  it.each([
    ["no reason", {}],
    ["a blank reason", { reason: " \n " }],
    ["a reason over 500 characters", { reason: "x".repeat(501) }],
    ["a reason with a NUL", { reason: "fraud\u0000" }],
    ["a reason that is not text", { reason: 42 }],
  ])("refuses %s with 422 and holds nothing", async (_label, body) => {
    const affiliate = await arrange("bad-hold");
    const answer = await hold(affiliate.id, body);
    expect(answer.status).toBe(422);
    expect((await operatorAffiliate(affiliate.id))!.hold).toBeNull();
    expect(await auditEntriesOf(sql, affiliate.id)).toEqual([]);
  });

  it("answers 404 for an affiliate that does not exist", async () => {
    expect((await hold(randomUUID(), { reason: "x" })).status).toBe(404);
    expect((await release(randomUUID())).status).toBe(404);
  });
});

describe("members and visitors", () => {
  it("are refused every affiliate action with 403, and nothing changes", async () => {
    const affiliate = await arrange("refused");
    await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -2 }]);
    const someone = await member("affiliates-member");
    for (const token of [null, someone.token, "not-a-token"]) {
      for (const answer of [
        await pay(affiliate.id, payBody(1000), token),
        await hold(affiliate.id, { reason: "mine" }, token),
        await release(affiliate.id, token),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: "This is for operators only.", code: "forbidden" });
      }
    }
    // The affiliate themself may not pay or release their own commission either.
    const self = await member("affiliates-self", `${RUN}.self@example.com`);
    await affiliateCode(self.token);
    expect((await pay(self.id, payBody(1000), self.token)).status).toBe(403);
    expect(await payoutRows(affiliate.id)).toEqual([]);
    expect((await operatorAffiliate(affiliate.id))!.hold).toBeNull();
  });

  it("cannot write a hold, a payout or a counter through the Data API", async () => {
    const affiliate = await arrange("data-api");
    const [entryId] = (await arrangeCommission(sql, affiliate.id, cohortId, [{ cents: 1000, dueInDays: -2 }])).entryIds;
    const payoutId = randomUUID();
    const attempts: [string, (tx: TransactionSql) => Promise<unknown>][] = [
      [
        "release a hold",
        (tx) => tx`update public.affiliates set payouts_held_at = null, payouts_held_reason = null where user_id = ${affiliate.id}`,
      ],
      [
        "hold",
        (tx) =>
          tx`update public.affiliates set payouts_held_at = now(), payouts_held_reason = 'x', payouts_held_by = 'x' where user_id = ${affiliate.id}`,
      ],
      [
        "record a payout",
        (tx) =>
          tx`insert into public.commission_payouts (id, affiliate_user_id, amount_cents, reference) values (${payoutId}, ${affiliate.id}, 1000, 'self-paid')`,
      ],
      ["settle an entry", (tx) => tx`insert into public.commission_payout_items (entry_id, payout_id) values (${entryId!}, ${payoutId})`],
      ["raise a counter", (tx) => tx`update public.affiliate_figures set earned_cents = 1000000 where affiliate_user_id = ${affiliate.id}`],
      ["read the counters", (tx) => tx`select * from public.affiliate_figures`],
    ];
    for (const claims of [{ role: "authenticated" as const, sub: affiliate.id }, { role: "anon" as const }]) {
      for (const [label, attempt] of attempts) {
        await expect(
          sql.begin(async (tx) => {
            await actAsApiRole(tx, claims);
            await attempt(tx);
          }),
          `${claims.role}: ${label}`,
        ).rejects.toThrow(/permission denied/);
      }
    }
    expect((await operatorAffiliate(affiliate.id))!).toMatchObject({
      hold: null,
      figures: { earnedCents: 1000, dueCents: 1000, paidCents: 0 },
    });
    expect(await payoutRows(affiliate.id)).toEqual([]);
  });
});

describe("the counters behind the figures", () => {
  it("equal a fresh count of their rows for every affiliate, after everything this run has done", async () => {
    expect(await countersThatDisagree(sql)).toEqual([]);
  });
});
