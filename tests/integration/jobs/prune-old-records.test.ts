import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pruneOldRecords } from "@/server/scheduled/prune-old-records";
import { suiteSql } from "../../fixtures/db";
import { createCohort, insertPaidOrder, signedInMember } from "../../fixtures/payments";

const sql = suiteSql();

const hash = () => randomBytes(32).toString("hex");
const eventId = () => `evt_${randomUUID().replaceAll("-", "")}`;
let nextUpdateId = 9_000_000_000 + Math.floor(Math.random() * 1_000_000);

const setUpTokenKept = async (tokenHash: string) =>
  (await sql`select 1 from public.account_setup_tokens where token_hash = ${tokenHash}`).length === 1;

describe("the prune-old-records job", () => {
  it("deletes Stripe events processed more than 90 days ago and keeps recent or unprocessed ones", async () => {
    const [old, recent, unprocessed] = [eventId(), eventId(), eventId()];
    await sql`insert into public.stripe_events (id, type, received_at, processed_at) values
      (${old}, 'invoice.paid', now() - interval '100 days', now() - interval '100 days'),
      (${recent}, 'invoice.paid', now() - interval '10 days', now() - interval '10 days'),
      (${unprocessed}, 'invoice.paid', now() - interval '100 days', null)`;

    await pruneOldRecords();

    const left = await sql<{ id: string }[]>`select id from public.stripe_events where id in (${old}, ${recent}, ${unprocessed})`;
    expect(left.map((row) => row.id).sort()).toEqual([recent, unprocessed].sort());
  });

  it("deletes Telegram updates older than 30 days and keeps recent ones", async () => {
    const old = nextUpdateId++;
    const recent = nextUpdateId++;
    await sql`insert into public.telegram_updates (update_id, received_at) values
      (${old}, now() - interval '31 days'), (${recent}, now() - interval '2 days')`;

    await pruneOldRecords();

    const left = await sql<{ update_id: string }[]>`select update_id from public.telegram_updates where update_id in (${old}, ${recent})`;
    expect(left.map((row) => Number(row.update_id))).toEqual([recent]);
  });

  it("deletes bot start tokens and QR scans a day after they were used or expired, and keeps live ones", async () => {
    const { userId } = await signedInMember("prune");
    const [usedLongAgo, expiredLongAgo, live, justUsed] = [hash(), hash(), hash(), hash()];
    await sql`insert into public.telegram_start_tokens (token_hash, user_id, expires_at, used_at) values
      (${usedLongAgo}, ${userId}, now() + interval '1 hour', now() - interval '2 days'),
      (${expiredLongAgo}, ${userId}, now() - interval '2 days', null),
      (${live}, ${userId}, now() + interval '1 hour', null),
      (${justUsed}, ${userId}, now() + interval '1 hour', now() - interval '1 hour')`;
    const [oldScan, liveScan] = [hash(), hash()];
    await sql`insert into public.telegram_qr_scans (token_hash, user_id, expires_at) values
      (${oldScan}, ${userId}, now() - interval '2 days'), (${liveScan}, ${userId}, now() + interval '10 minutes')`;

    await pruneOldRecords();

    const tokens = await sql<{ token_hash: string }[]>`select token_hash from public.telegram_start_tokens where user_id = ${userId}`;
    expect(tokens.map((row) => row.token_hash).sort()).toEqual([live, justUsed].sort());
    const scans = await sql<{ token_hash: string }[]>`select token_hash from public.telegram_qr_scans where user_id = ${userId}`;
    expect(scans.map((row) => row.token_hash)).toEqual([liveScan]);
  });

  it("deletes account set-up tokens a month after they were used or expired, unless their email is still to be sent", async () => {
    const cohortId = await createCohort(sql);
    const order = (email: string) => insertPaidOrder(sql, { userId: null, email, cohortId, seated: false });
    const usedOrder = await order("used.token@example.com");
    const pendingEmailOrder = await order("pending.email@example.com");
    const liveOrder = await order("live.token@example.com");
    const [used, awaitingEmail, live] = [hash(), hash(), hash()];
    await sql`insert into public.account_setup_tokens (token_hash, email, order_id, created_at, expires_at, used_at) values
      (${used}, 'used.token@example.com', ${usedOrder}, now() - interval '40 days', now() - interval '37 days', now() - interval '39 days'),
      (${awaitingEmail}, 'pending.email@example.com', ${pendingEmailOrder}, now() - interval '40 days', now() - interval '37 days', null),
      (${live}, 'live.token@example.com', ${liveOrder}, now() - interval '1 day', now() + interval '2 days', null)`;
    await sql`insert into public.email_outbox (kind, recipient, order_id) values ('account-setup', 'pending.email@example.com', ${pendingEmailOrder})`;

    await pruneOldRecords();

    expect(await setUpTokenKept(used)).toBe(false);
    expect(await setUpTokenKept(awaitingEmail)).toBe(true);
    expect(await setUpTokenKept(live)).toBe(true);
  });

  it("deletes used link proofs a day after they expired and bot messages 30 days after they were sent, keeping the rest", async () => {
    const [expiredProof, liveProof] = [hash(), hash()];
    await sql`insert into public.telegram_link_proofs (proof_hash, telegram_user_id, expires_at) values
      (${expiredProof}, 42, now() - interval '2 days'), (${liveProof}, 42, now() + interval '20 minutes')`;
    const chatId = nextUpdateId++;
    await sql`insert into public.telegram_outgoing_messages (chat_id, text, sent_at, outcome) values
      (${chatId}, 'old', now() - interval '31 days', 'sent'), (${chatId}, 'recent', now() - interval '1 day', 'sent')`;
    await sql`insert into public.telegram_outgoing_messages (chat_id, text, created_at) values (${chatId}, 'unsent', now() - interval '40 days')`;

    await pruneOldRecords();

    const proofs = await sql<
      { proof_hash: string }[]
    >`select proof_hash from public.telegram_link_proofs where proof_hash in (${expiredProof}, ${liveProof})`;
    expect(proofs.map((row) => row.proof_hash)).toEqual([liveProof]);
    const messages = await sql<
      { text: string }[]
    >`select text from public.telegram_outgoing_messages where chat_id = ${chatId} order by text`;
    expect(messages.map((row) => row.text)).toEqual(["recent", "unsent"]);
  });

  it("deletes rate-limit windows older than two days and Web Vitals older than 30 days, keeping recent ones", async () => {
    const bucket = `prune-test:${randomUUID()}`;
    await sql`insert into public.rate_limit_hits (bucket, window_start, hits) values
      (${bucket}, now() - interval '3 days', 4), (${bucket}, date_trunc('minute', now()), 1)`;
    const [oldReport, recentReport] = [randomUUID(), randomUUID()];
    await sql`insert into public.web_vitals (page, name, value, report_id, created_at) values
      ('/', 'LCP', 1200, ${oldReport}, now() - interval '31 days'), ('/', 'LCP', 1100, ${recentReport}, now() - interval '1 day')`;

    const counts = await pruneOldRecords();

    expect(counts.rateLimitHits).toBeGreaterThanOrEqual(1);
    expect(await sql`select hits from public.rate_limit_hits where bucket = ${bucket}`).toEqual([{ hits: 1 }]);
    expect(await sql`select report_id from public.web_vitals where report_id in (${oldReport}, ${recentReport})`).toEqual([
      { report_id: recentReport },
    ]);
  });
});
