import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { sessionCookie } from "./dashboard";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { affiliateCodeFrom } from "../lib/referrals/affiliate-code";
import { benchCohort, nextAddress } from "./payments";
import { benchMember, type AuthEnv } from "./referrals";
import { ONE_OPERATOR, isOperatorList } from "./scale";
import { seedPledges } from "./scale-seed-activity";

// The operator area (D17) under load: its API routes with an operator's token and its pages'
// server render with an operator's session cookies. The operator is granted as people are, by the
// operator command against the bench's database.

const ROOT = path.resolve(import.meta.dirname, "..");

export interface BenchOperator {
  token: string;
  /** Where the Auth stand-in (and Storage, on its port) answers: the bench uploads a story video there. */
  authUrl: string;
  /** For the fresh sign-in money routes need (D17). */
  password: string;
  /** The operator's session cookies (the pages, Lighthouse included). */
  cookie: string;
}

/** A bench member made an operator with `npm run operator -- grant` (the command's own process). */
export async function benchOperator(env: AuthEnv, databaseUrl: string): Promise<BenchOperator> {
  const member = await benchMember(env);
  execFileSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/operator.ts", "grant", member.email], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "ignore",
  });
  return { token: member.token, authUrl: env.authUrl, password: member.password, cookie: await sessionCookie(env, member) };
}

/** A guest's paid order with a seat in `cohortId` (no Stripe payment behind it: a refund of it fails at Stripe's step). */
async function benchOrder(databaseUrl: string, cohortId: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [order] = await sql<{ id: string }[]>`
    insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at)
    values (${`bench.order.${randomUUID().slice(0, 8)}@example.com`}, 'starter', 'Starter', false, ${cohortId}, 9900, 792, 10692, 'paid', now())
    returning id`;
  await sql`update public.cohorts set prospective_participant_count = prospective_participant_count + 1, participant_count = participant_count + 1 where id = ${cohortId}`;
  await sql`insert into public.cohort_seats (cohort_id, order_id, email, status, enrolled_at) values (${cohortId}, ${order!.id}, 'bench@example.com', 'enrolled', now())`;
  await sql.end();
  return order!.id;
}

/**
 * What the Health repairs are benched on: an email that was sent and its completed send-email job,
 * so Retry and Send again take their locks and answer 409 every time, changing nothing (a bench of
 * the success path would queue thousands of jobs).
 */
async function benchHealthSubjects(databaseUrl: string): Promise<{ jobId: string; outboxId: string }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const outboxId = randomUUID();
  await sql`
    insert into public.email_outbox (id, kind, recipient, status, attempts, sent_at)
    values (${outboxId}, 'newsletter-welcome', ${`bench-${outboxId.slice(0, 8)}@example.com`}, 'sent', 1, now())`;
  const [job] = await sql<{ id: string }[]>`
    insert into pgboss.job (name, data, state, started_on, completed_on)
    values ('send-email', ${sql.json({ outboxId })}, 'completed', now(), now()) returning id::text`;
  await sql.end();
  return { jobId: job!.id, outboxId };
}

/** Campaign: the pledges the counts are benched on (the section must stay usable at this size). */
const BENCH_PLEDGES = 1_000_000;

/**
 * Up to `pledges` confirmed pledges over 90 days (the scale seed's, numbered after the highest), and
 * a partner pledge, a contact message, a pending text story and a pending video story (uploaded
 * through the app's own upload route) to act on.
 */
async function benchCampaignSubjects(baseUrl: string, databaseUrl: string, authUrl: string, pledges: number) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [{ max } = { max: 0 }] = await sql<
    { max: number }[]
  >`select coalesce(max(pledge_number), 0)::int as max from public.campaign_pledges`;
  const run = randomUUID().slice(0, 8);
  if (max < pledges) await seedPledges(sql, pledges - max, run);
  const [partner] = await sql<{ id: string }[]>`
    insert into public.campaign_partners (name, email, org_name, org_type, region)
    values ('Bench Partner', ${`bench-partner-${run}@example.com`}, 'Bench Clinic', 'healthcare', 'europe') returning id`;
  const [message] = await sql<{ id: string }[]>`
    insert into public.campaign_contact_messages (name, email, message)
    values ('Bench', ${`bench-contact-${run}@example.com`}, 'Could we run a screening day?') returning id`;
  const [story] = await sql<{ id: string }[]>`
    insert into public.campaign_stories (story_number, format, content, source)
    select coalesce(max(story_number), 0) + 1, 'text', 'A bench story waiting for a decision.', 'magic_form' from public.campaign_stories
    returning id`;
  const [request] = await sql<{ id: string }[]>`
    insert into public.campaign_stories (story_number, format, content, source, contact_email)
    select coalesce(max(story_number), 0) + 1, 'video', '', 'magic_form', ${`bench-teller-${run}@example.com`} from public.campaign_stories
    returning id`;

  // A 200 KB WebM story video, uploaded as the browser uploads it, then named by a story.
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
      body: JSON.stringify(body),
    });
  const size = 200_000;
  // The campaign group's upload load uses up the day's video quota (the product answers 429 after
  // it, until UTC midnight): this story is asked for on a fresh day's count.
  await sql`delete from public.story_upload_daily_bytes`;
  const asked = await post("/api/campaign/stories/upload", { contentType: "video/webm", size, durationSeconds: 30 });
  if (asked.status !== 201) throw new Error(`POST /api/campaign/stories/upload answered ${asked.status}`);
  const upload = ((await asked.json()) as { data: { bucket: string; path: string; token: string } }).data;
  const bytes = new Uint8Array(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]);
  const signed = `${authUrl}/storage/v1/object/upload/sign/${upload.bucket}/${upload.path}?token=${encodeURIComponent(upload.token)}`;
  const put = await fetch(signed, { method: "PUT", headers: { "content-type": "video/webm" }, body: bytes });
  if (!put.ok) throw new Error(`the story video upload answered ${put.status}`);
  const told = await post("/api/campaign/stories", { type: "video", source: "story_wizard", mediaPath: upload.path });
  if (told.status !== 201) throw new Error(`POST /api/campaign/stories answered ${told.status}`);
  const [video] = await sql<{ id: string }[]>`select id from public.campaign_stories where media_path = ${upload.path}`;
  await sql.end();
  return { partnerId: partner!.id, messageId: message!.id, storyId: story!.id, requestStoryId: request!.id, videoStoryId: video!.id };
}

/**
 * What the Affiliates section is benched on: two affiliates of the bench's own, one with a paid
 * referred order whose commission is still pending (so "mark paid" takes its locks, finds nothing
 * due and answers 409 every time, paying nothing) and one whose payouts the hold load holds (the
 * same reason each time: one change, then none).
 */
async function benchAffiliates(databaseUrl: string, cohortId: string): Promise<{ pendingId: string; holdId: string; prefix: string }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const prefix = `bench-affiliate-${randomUUID().slice(0, 8)}`;
  const make = async (label: string) => {
    const [user] = await sql<{ id: string }[]>`
      insert into auth.users (email, aud, role, email_confirmed_at) values (${`${prefix}-${label}@example.com`}, 'authenticated', 'authenticated', now()) returning id`;
    let code: string | null = null;
    while (!code) code = affiliateCodeFrom(randomBytes(16));
    await sql`insert into public.affiliates (user_id, code, coupon_code) values (${user!.id}, ${code}, ${code.toUpperCase()})`;
    return user!.id;
  };
  const pendingId = await make("pending");
  const holdId = await make("held");
  const [order] = await sql<{ id: string }[]>`
    insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at, affiliate_user_id)
    values (${`${prefix}-buyer@example.com`}, 'starter', 'Starter', false, ${cohortId}, 9900, 792, 10692, 'paid', now(), ${pendingId})
    returning id`;
  await sql`
    insert into public.commission_entries (affiliate_user_id, order_id, kind, reason, amount_cents, base_cents, currency, stripe_invoice_id, available_at)
    values (${pendingId}, ${order!.id}, 'commission', 'first_payment', 1980, 9900, 'usd', ${`in_bench${randomUUID().replaceAll("-", "").slice(0, 20)}`}, now() + interval '30 days')`;
  await sql.end();
  return { pendingId, holdId, prefix };
}

/** A confirmed address waiting in the bench cohort's queue, for the removal load; its id. */
async function benchWaitlistEntry(databaseUrl: string, cohortId: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const email = `bench-waiting-${randomUUID().slice(0, 8)}@example.com`;
  const [entry] = await sql<{ id: string }[]>`
    insert into public.cohort_waitlist (cohort_id, queue_number, email, email_identity, joined_at)
    select ${cohortId}, coalesce(max(queue_number), 0) + 1, ${email}, ${email}, now() from public.cohort_waitlist where cohort_id = ${cohortId}
    returning id`;
  await sql.end();
  return entry!.id;
}

/** A cohort of `paid` participants, each seated by a paid order and with an account, for the announcement loads; its id. */
async function benchAnnouncementCohort(databaseUrl: string, paid: number): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [cohort] = await sql<{ id: string }[]>`
    insert into public.cohorts (cohort_name, status, start_cohort_date, participant_cap, participant_count, prospective_participant_count)
    values ('Benchmark announcement cohort', 'upcoming', now() + interval '30 days', ${paid}, ${paid}, ${paid}) returning id`;
  const run = randomUUID().slice(0, 8);
  await sql`
    with paid as (
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at)
      select 'bench-participant-' || ${run} || '-' || n || '@example.com', 'starter', 'Starter', false, ${cohort!.id}, 9900, 792, 10692, 'paid', now()
      from generate_series(1, ${paid}) n
      returning id, email)
    insert into public.cohort_seats (cohort_id, order_id, email, status, enrolled_at)
    select ${cohort!.id}, id, email, 'enrolled', now() from paid`;
  // Each participant set up the account (its confirmed address claims the seat): announcements go to confirmed addresses only.
  await sql`
    insert into auth.users (email, aud, role, email_confirmed_at)
    select 'bench-participant-' || ${run} || '-' || n || '@example.com', 'authenticated', 'authenticated', now() from generate_series(1, ${paid}) n`;
  await sql.end();
  return cohort!.id;
}

const FIELDS = { cohort_name: "Benchmark cohort", language: "en", participant_cap: 10000, start_cohort_date: null, end_cohort_date: null };

/**
 * Every /api/operator route and /operator page; the cohorts the create load makes are in a language of
 * their own. `pledges`: the campaign pages' confirmed pledges (0 in a --scale run, whose seed writes them).
 */
export async function loadOperatorArea(
  baseUrl: string,
  databaseUrl: string,
  operator: BenchOperator,
  opts: LoadOptions,
  pledges = BENCH_PLEDGES,
): Promise<Record<string, LoadResult>> {
  const cohortId = await benchCohort(databaseUrl);
  const health = await benchHealthSubjects(databaseUrl);
  const affiliates = await benchAffiliates(databaseUrl, cohortId);
  const url = (p: string) => new URL(p, baseUrl).toString();
  const bearer = { authorization: `Bearer ${operator.token}` };
  const get = () => ({ method: "GET" as const, headers: { ...bearer, "x-real-ip": nextAddress() } });
  const post = (body: unknown) => () => ({
    method: "POST" as const,
    body: JSON.stringify(body),
    headers: { ...bearer, "content-type": "application/json", "x-real-ip": nextAddress() },
  });
  const page = () => ({ method: "GET" as const, headers: { cookie: operator.cookie, "x-real-ip": nextAddress() } });
  const results: Record<string, LoadResult> = {};
  const load = async (name: string, target: string, request: Parameters<typeof loadTest>[2], note: string) => {
    console.log(`[bench] load ${name} (${opts.connections} connections, ${opts.durationS} s)`);
    results[name] = await loadTest(url(target), opts, request, note);
    // A list's page as one operator opens it (its goal), beside the throughput above.
    if (isOperatorList(name))
      results[`${name}${ONE_OPERATOR}`] = await loadTest(url(target), { ...opts, connections: 1 }, request, `${note}; one connection`);
  };
  await load(
    "GET /operator/cohorts",
    "/operator/cohorts",
    page,
    "server render: the first page of the cohort list (keyset; role checked in the database)",
  );
  await load(
    "GET /operator/cohorts/{id}",
    `/operator/cohorts/${cohortId}`,
    page,
    "server render: a cohort with its participants, history and programme (what went out, what is next, feedback)",
  );
  await load("GET /operator/cohorts/new", "/operator/cohorts/new", page, "server render: the new-cohort form");
  await load("GET /operator/audit", "/operator/audit", page, "server render: the audit log's newest page");
  await load(
    "GET /operator/health",
    "/operator/health",
    page,
    "server render: queue counts, failed jobs, unsent emails and disagreeing orders, each read through an index",
  );
  await load(
    "GET /operator/affiliates",
    "/operator/affiliates",
    page,
    "server render: the newest 50 affiliates with their figures, read from the per-affiliate counters (no visit is counted)",
  );
  await load(
    "GET /operator/affiliates?sort=owed",
    "/operator/affiliates?sort=owed&dir=desc",
    page,
    "server render: the 50 affiliates owed most, through the unpaid-commission index",
  );
  await load(
    "GET /operator/affiliates?sort=conversions",
    "/operator/affiliates?sort=conversions&dir=desc",
    page,
    "server render: the 50 affiliates with most conversions, through its index",
  );
  await load(
    "GET /operator/affiliates?q=",
    `/operator/affiliates?q=${affiliates.prefix}`,
    page,
    "server render: a search by the start of an email, through the email and code pattern indexes",
  );
  await load(
    "GET /operator/affiliates/{id}",
    `/operator/affiliates/${affiliates.pendingId}`,
    page,
    "server render: an affiliate's figures, ledger page, payouts and history",
  );
  await load(
    "GET /operator",
    "/operator",
    page,
    "server render: the overview, the Health page's counts, the week's and month's sales, the next cohorts and today's pledges",
  );
  await load(
    "GET /operator/programme",
    "/operator/programme",
    page,
    "server render: every programme text (the defaults with the stored edits over them)",
  );
  await load(
    "GET /operator/programme/{key}",
    "/operator/programme/morning",
    page,
    "server render: the morning text's editor with its placeholders and preview",
  );
  await load("GET /api/operator/programme/texts", "/api/operator/programme/texts", get, "every programme text as it reads now");
  await load(
    "POST /api/operator/programme/texts/{key}",
    "/api/operator/programme/texts/feedback-thanks",
    post({ body: "Thank you, {name}! Your answer goes to the coaching team." }),
    "saved with its audit entry once, then the text's lock and no change (no audit entry)",
  );
  await load("GET /api/operator/cohorts", "/api/operator/cohorts", get, "the first page of cohorts with their seats (keyset)");
  await load("GET /api/operator/cohorts/{id}", `/api/operator/cohorts/${cohortId}`, get, "one cohort with its seats");
  await load(
    "GET /api/operator/cohorts/{id}/participants.csv",
    `/api/operator/cohorts/${cohortId}/participants.csv`,
    get,
    "a cohort's participants as CSV (none)",
  );
  await load("GET /api/operator/audit.csv", "/api/operator/audit.csv", get, "the whole audit log as CSV, streamed in batches");
  await load(
    "POST /api/operator/cohorts/{id}",
    `/api/operator/cohorts/${cohortId}`,
    post(FIELDS),
    "an edit under the cohort's lock (the same fields: no audit entry after the first)",
  );
  await load(
    "POST /api/operator/cohorts/{id}/closed",
    `/api/operator/cohorts/${cohortId}/closed`,
    post({ closed: true }),
    "close (already closed after the first: no change)",
  );
  await load(
    "POST /api/operator/cohorts",
    "/api/operator/cohorts",
    post({ ...FIELDS, language: "zz" }),
    "a new cohort and its audit entry in one transaction, each request",
  );
  await load(
    "POST /api/operator/jobs/retry",
    "/api/operator/jobs/retry",
    post({ queue: "send-email", id: health.jobId }),
    "Retry of a completed job: its email's row and the job locked, then 409 (nothing changes)",
  );
  await load(
    "POST /api/operator/affiliates/{id}/hold",
    `/api/operator/affiliates/${affiliates.holdId}/hold`,
    post({ reason: "Benchmark hold" }),
    "hold under the affiliate's lock (the same reason after the first: no audit entry)",
  );
  await load(
    "POST /api/operator/emails/resend",
    "/api/operator/emails/resend",
    post({ outboxId: health.outboxId }),
    "Send again of a sent email: its row locked, then 409 (nothing changes)",
  );

  // Orders and money. The actions replay one request key each: after the first, each
  // request is the order's lock and the replay check (no email, refund or move repeated).
  const orderId = await benchOrder(databaseUrl, cohortId);
  const freshSignIn = await fetch(url("/api/operator/fresh-sign-in"), post({ password: operator.password })());
  if (!freshSignIn.ok) throw new Error(`fresh sign-in answered ${freshSignIn.status}`);
  await load("GET /operator/orders", "/operator/orders", page, "server render: the newest page of orders (keyset, one index scan)");
  await load(
    "GET /operator/orders?q=",
    "/operator/orders?q=bench.order",
    page,
    "server render: orders whose email starts with the search (index on lower(email))",
  );
  await load(
    "GET /api/operator/orders.csv",
    "/api/operator/orders.csv?status=paid",
    get,
    "the paid orders (nothing refunded) as CSV, every page of them, streamed in keyset batches",
  );
  await load(
    "GET /operator/orders/{id}",
    `/operator/orders/${orderId}`,
    page,
    "server render: an order with its refunds, the cohorts to move to and its timeline",
  );
  await load(
    "POST /api/operator/orders/{id}/receipt",
    `/api/operator/orders/${orderId}/receipt`,
    post({ requestKey: randomUUID() }),
    "the receipt queued once with its audit entry, then replays",
  );
  await load(
    "POST /api/operator/orders/{id}/setup-link",
    `/api/operator/orders/${orderId}/setup-link`,
    post({ requestKey: randomUUID() }),
    "a new set-up link once (the old one revoked), then replays",
  );
  await load(
    "POST /api/operator/reconciliation",
    "/api/operator/reconciliation",
    post({ orderId }),
    "Check with Stripe now: the order's status read, its stripe-order-check job and audit entry in one transaction, each request",
  );
  await load(
    "POST /api/operator/orders/{id}/cohort",
    `/api/operator/orders/${orderId}/cohort`,
    post({ cohortId }),
    "a move to the cohort the seat is in: the locks, no change",
  );
  await load(
    "POST /api/operator/orders/{id}/refunds",
    `/api/operator/orders/${orderId}/refunds`,
    post({ amountCents: 100, reason: "requested_by_customer", requestKey: randomUUID() }),
    "a money route: the fresh sign-in check, then one refund recorded with its job, then replays",
  );
  await load(
    "POST /api/operator/affiliates/{id}/payouts",
    `/api/operator/affiliates/${affiliates.pendingId}/payouts`,
    () => post({ amountCents: 1980, reference: "BENCH-1", requestKey: randomUUID() })(),
    "a money route: the fresh sign-in check, then mark paid with nothing due (the commission is pending): the affiliate's row and its due entries locked, then 409 (nothing changes)",
  );

  // Campaign, with a million confirmed pledges. The changes repeat one request: after the
  // first, each is the row's lock and no change (no audit entry).
  console.log(`[bench] the campaign's subjects${pledges > 0 ? ` and up to ${pledges.toLocaleString("en-US")} confirmed pledges` : ""}`);
  const campaign = await benchCampaignSubjects(baseUrl, databaseUrl, operator.authUrl, pledges);
  await load(
    "GET /operator/campaign",
    "/operator/campaign",
    page,
    "server render: 1,000,000 pledges per UTC day and tier over 30 days and by tier in all, read from the per-day counts (no pledge is read)",
  );
  await load(
    "GET /operator/campaign?days=90",
    "/operator/campaign?days=90",
    page,
    "server render: the same over 90 days (at most 360 count rows)",
  );
  await load(
    "GET /operator/campaign/stories",
    "/operator/campaign/stories",
    page,
    "server render: the newest page of pending stories (keyset on the status index)",
  );
  await load(
    "GET /operator/campaign/partners",
    "/operator/campaign/partners",
    page,
    "server render: the newest page of partner pledges (keyset)",
  );
  await load(
    "GET /operator/campaign/messages",
    "/operator/campaign/messages?show=unhandled",
    page,
    "server render: the newest page of contact messages not handled (keyset on the partial index)",
  );
  await load(
    "POST /api/operator/campaign/partners/{id}/handled",
    `/api/operator/campaign/partners/${campaign.partnerId}/handled`,
    post({ handled: true }),
    "marked handled with its audit entry once, then the row's lock and no change",
  );
  await load(
    "POST /api/operator/campaign/messages/{id}/handled",
    `/api/operator/campaign/messages/${campaign.messageId}/handled`,
    post({ handled: true }),
    "marked handled with its audit entry once, then the row's lock and no change",
  );
  await load(
    "POST /api/operator/campaign/stories/{id}/status",
    `/api/operator/campaign/stories/${campaign.storyId}/status`,
    post({ status: "rejected", reason: "Bench" }),
    "rejected with its audit entry once (the public list is read again), then the row's lock and no change",
  );
  const announced = await benchAnnouncementCohort(databaseUrl, 20);
  const announcement = { subject: "Bench announcement", body: "The first call moves to 8 am.\n\nSee you there." };
  await load(
    "POST /api/operator/cohorts/{id}/announcements/preview",
    `/api/operator/cohorts/${announced}/announcements/preview`,
    post(announcement),
    "the email rendered for a sample participant, with the count of 20 participants' inboxes",
  );
  await load(
    "POST /api/operator/cohorts/{id}/announcements/test",
    `/api/operator/cohorts/${announced}/announcements/test`,
    post(announcement),
    "one test email queued through the outbox to the operator's own address",
  );
  await load(
    "POST /api/operator/cohorts/{id}/announcements",
    `/api/operator/cohorts/${announced}/announcements`,
    post(announcement),
    "an announcement to 20 paid participants: its row, 20 outbox emails with their jobs and its audit entry, in one transaction",
  );
  // Public: a participant's link. The bench has no server key, so it loads what a token guesser gets.
  results["POST /api/announcements/unsubscribe"] = await loadTest(
    url("/api/announcements/unsubscribe"),
    opts,
    () => ({
      method: "POST" as const,
      body: JSON.stringify({ email: "bench-participant@example.com", token: "A".repeat(43) }),
      headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
    }),
    "an unsubscribe link with a wrong token: 422, its HMAC checked, nothing written",
  );
  await load(
    "POST /api/operator/waitlist/{id}/removal",
    `/api/operator/waitlist/${await benchWaitlistEntry(databaseUrl, cohortId)}/removal`,
    post({ reason: "Bench" }),
    "a waiting entry removed with its audit entry once (under the cohort's lock), then 409: no longer waiting",
  );
  await load(
    "POST /api/operator/campaign/stories/{id}/outreach",
    `/api/operator/campaign/stories/${campaign.requestStoryId}/outreach`,
    post({ outreach: "reached_out" }),
    "a request to be recorded marked reached out with its audit entry once, then the row's lock and no change",
  );
  await load(
    "GET /api/operator/campaign/stories/{id}/video",
    `/api/operator/campaign/stories/${campaign.videoStoryId}/video`,
    get,
    "a pending story's 200 KB video passed through from the Storage stand-in (a signed URL each request)",
  );
  return results;
}
