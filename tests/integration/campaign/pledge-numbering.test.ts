import { beforeEach, describe, expect, it } from "vitest";
import { POST as confirmPOST } from "@/app/api/campaign/confirmations/route";
import { confirmationToken, confirmationTokenHash } from "@/server/campaign/confirmation-link";
import { numberAllWaitingPledges } from "@/server/campaign/pledge-numbering";
import { keepPledgeOfLink } from "@/server/db/campaign/pledge-numbers";
import { emailIdentity } from "@/lib/email/email-address";
import { suiteSql } from "../../fixtures/db";
import { postgresOnly, racesOnlyOnPostgres } from "../../fixtures/postgres-only";
import { campaignPost, freshAddress } from "./campaign-request";

// D6: confirmed pledges are numbered in batches, without a gap or a repeat, each confirmer told the
// number their address holds and each badge email carrying it; a numbering that fails or never
// runs loses nothing: the pledge is numbered by the next one.

const sql = suiteSql();
racesOnlyOnPostgres("many confirmations at once");

type Answer = { status: string; purpose: string | null; pledge: { pledgeNumber: number } | null };

/** A pledge's confirmation waiting for its address (as POST /api/campaign/pledges leaves one); its link's token. */
async function pendingPledge(email: string, name = "Confirmer"): Promise<string> {
  const id = crypto.randomUUID();
  await sql`
    insert into address_confirmations (id, token_hash, purpose, email, email_identity, name, expires_at)
    values (${id}, ${confirmationTokenHash(id)}, 'pledge', ${email}, ${emailIdentity(email)}, ${name}, now() + interval '1 day')`;
  return confirmationToken(id);
}

async function confirm(token: string): Promise<Answer> {
  const response = await confirmPOST(campaignPost("/api/campaign/confirmations", { token }, freshAddress()));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Answer }).data;
}

const numbers = () => sql<{ email: string; pledge_number: number | null }[]>`select email, pledge_number::int from campaign_pledges`;
const badgeEmails = () =>
  sql<{ recipient: string; number: number }[]>`
    select recipient, (data->>'pledgeNumber')::int as number from email_outbox where kind = 'pledge-confirmation'`;
const counted = async () => (await sql<{ n: number }[]>`select coalesce(sum(pledges), 0)::int as n from campaign_pledge_days`)[0]!.n;

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
  await sql`delete from address_confirmations`;
  await sql`delete from email_outbox where kind = 'pledge-confirmation'`;
});

describe("numbering confirmed pledges in batches", () => {
  it(
    "numbers many confirmations at once 1..N without a gap or repeat, tells each their own and emails it",
    { timeout: 120_000 },
    async () => {
      const emails = Array.from({ length: 40 }, (_, i) => `batch-${i}@example.com`);
      const tokens = await Promise.all(emails.map((email) => pendingPledge(email)));
      const answers = await Promise.all(tokens.map(confirm));

      const held = new Map((await numbers()).map((row) => [row.email, row.pledge_number]));
      expect([...held.values()].toSorted((a, b) => a! - b!)).toEqual(emails.map((_, i) => i + 1));
      answers.forEach((answer, i) => {
        expect(answer).toMatchObject({ status: "confirmed", purpose: "pledge" });
        expect(answer.pledge?.pledgeNumber).toBe(held.get(emails[i]!));
      });
      const mailed = await badgeEmails();
      expect(mailed).toHaveLength(emails.length);
      for (const mail of mailed) expect(mail.number).toBe(held.get(mail.recipient));
      expect(await counted()).toBe(emails.length);
    },
  );

  it("keeps one pledge when one link or two links of one address are used many times at once, and tells each the same number", async () => {
    const first = await pendingPledge("same@example.com");
    const second = await pendingPledge("same+again@example.com");
    const answers = await Promise.all([...Array.from({ length: 6 }, () => confirm(first)), confirm(second), confirm(second)]);
    expect(await numbers()).toEqual([{ email: expect.any(String), pledge_number: 1 }]);
    for (const answer of answers) expect(answer.pledge?.pledgeNumber).toBe(1);
    // One badge email per link at most (a second link of an address that has its number brings it again), each with the one number.
    const mailed = await badgeEmails();
    expect(mailed.length).toBeGreaterThanOrEqual(1);
    expect(mailed.length).toBeLessThanOrEqual(2);
    for (const mail of mailed) expect(mail.number).toBe(1);
  });

  it("numbers a pledge whose confirmer's request ended before its number came: on the link's next use, and by the scheduled run", async () => {
    const early = await pendingPledge("early@example.com");
    const late = await pendingPledge("late@example.com");
    // The link used and the pledge kept, then nothing more (the process ended there).
    expect(await keepPledgeOfLink(await tokenHashOf("early@example.com"))).not.toBeNull();
    expect(await keepPledgeOfLink(await tokenHashOf("late@example.com"))).not.toBeNull();
    expect((await numbers()).map((row) => row.pledge_number)).toEqual([null, null]);
    expect(await badgeEmails()).toEqual([]);
    expect(await counted()).toBe(0);

    // Used again: already confirmed, and numbered now, with every pledge waiting, in the order kept.
    expect(await confirm(late)).toMatchObject({ status: "already-confirmed", purpose: "pledge", pledge: { pledgeNumber: 2 } });
    expect(await confirm(early)).toMatchObject({ status: "already-confirmed", pledge: { pledgeNumber: 1 } });
    expect((await badgeEmails()).toSorted((a, b) => a.number - b.number)).toEqual([
      { recipient: "early@example.com", number: 1 },
      { recipient: "late@example.com", number: 2 },
    ]);

    const third = await pendingPledge("third@example.com");
    expect(await keepPledgeOfLink(await tokenHashOf("third@example.com"))).not.toBeNull();
    expect(await numberAllWaitingPledges()).toBe(1);
    expect(await numberAllWaitingPledges()).toBe(0);
    expect(await confirm(third)).toMatchObject({ status: "already-confirmed", pledge: { pledgeNumber: 3 } });
    expect(await badgeEmails()).toHaveLength(3);
  });

  it("rolls a failed numbering back whole (no number, no email, no count), and the next numbers those pledges without a gap", async () => {
    const tokens = await Promise.all(["one", "two", "three"].map((name) => pendingPledge(`${name}@example.com`)));
    await sql.unsafe(`
      create function public.refuse_badge_email() returns trigger language plpgsql as $$
      begin raise exception 'the outbox is down'; end $$`);
    await sql`create trigger refuse_badge_email before insert on email_outbox for each row when (new.kind = 'pledge-confirmation') execute function public.refuse_badge_email()`;
    try {
      for (const token of tokens) {
        // Confirmed all the same; the page says the number is on its way.
        expect(await confirm(token)).toEqual({ status: "confirmed", purpose: "pledge", pledge: null });
      }
      expect((await numbers()).map((row) => row.pledge_number)).toEqual([null, null, null]);
      expect(await badgeEmails()).toEqual([]);
      expect(await counted()).toBe(0);
    } finally {
      await sql`drop trigger refuse_badge_email on email_outbox`;
      await sql`drop function public.refuse_badge_email()`;
    }
    expect(await numberAllWaitingPledges()).toBe(3);
    const held = new Map((await numbers()).map((row) => [row.email, row.pledge_number]));
    expect(held).toEqual(
      new Map([
        ["one@example.com", 1],
        ["two@example.com", 2],
        ["three@example.com", 3],
      ]),
    );
    expect(await badgeEmails()).toHaveLength(3);
    expect(await counted()).toBe(3);
    expect(await confirm(tokens[1]!)).toMatchObject({ status: "already-confirmed", pledge: { pledgeNumber: 2 } });
  });
});

async function tokenHashOf(email: string): Promise<string> {
  const [row] = await sql<{ token_hash: string }[]>`select token_hash from address_confirmations where email = ${email}`;
  return row!.token_hash;
}

const onPostgres = postgresOnly("another backend holding the numbering");

onPostgres.describe("numbering held by another process", () => {
  it("waits while another transaction holds the numbering, then numbers the pledge and answers with it", async () => {
    const token = await pendingPledge("patient@example.com");
    let answered = false;
    const answer = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtextextended('campaign-pledge-numbering', 0))`;
      const pending = confirm(token).then((result) => {
        answered = true;
        return result;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(answered).toBe(false);
      expect((await tx`select pledge_number from campaign_pledges`).map((row) => row.pledge_number)).toEqual([null]);
      return { pending };
    });
    expect(await answer.pending).toMatchObject({ status: "confirmed", pledge: { pledgeNumber: 1 } });
    expect(await badgeEmails()).toEqual([{ recipient: "patient@example.com", number: 1 }]);
  });
});
