import { describe, expect, it } from "vitest";
import { POST as requestPOST } from "@/app/api/safety-clearances/route";
import { POST as confirmPOST } from "@/app/api/safety-clearances/confirmations/route";
import { SAFETY_CLEARANCE_NOT_RECORDED, SAFETY_SCREEN_VERSION } from "@/lib/questionnaire/safety-screen";
import { site } from "@/lib/site";
import { SAFETY_CLEARANCE_LINK_SUBJECT, SAFETY_CLEARANCE_TEAM_SUBJECT } from "@/server/email/templates/safety-clearance-emails";
import { cohortParticipantList } from "@/server/operator/participants";
import { clearanceLinkToken } from "@/server/safety-clearance/clearance-link";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail, type InboxMessage } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";
import {
  checkoutBody,
  cohortCounts,
  createCohort,
  eventually,
  payAtStripe,
  postCheckout,
  signedInMember,
  suiteWebhookEndpoint,
} from "../../fixtures/payments";
import { campaignPost, freshAddress } from "../campaign/campaign-request";

// The safety screen's gate: after a 'yes', a plan is sold only under a doctor's clearance that the
// person confirmed through a link emailed to them, later; never a tick in the same visit. The
// checkout API itself refuses such answers without a recorded clearance. Real routes, the job
// engine and the mail catcher.
const sql = suiteSql();
suiteWebhookEndpoint();

const uniqueEmail = (label: string) => `${label.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const insulin = { version: SAFETY_SCREEN_VERSION, type1DiabetesOrInsulin: "yes", pregnancy: "no", eatingDisorderHistory: "no" } as const;

type Answer = {
  status: number;
  body: { data?: Record<string, unknown>; error?: string; code?: string; details?: { path: string; message: string }[] };
};

async function requestLink(body: unknown, address = freshAddress()): Promise<Answer> {
  const response = await requestPOST(campaignPost("/api/safety-clearances", body, address));
  return { status: response.status, body: await response.json() };
}

async function confirmLink(body: unknown, options: { address?: string; token?: string } = {}): Promise<Answer> {
  const request = campaignPost("/api/safety-clearances/confirmations", body, options.address ?? freshAddress());
  if (options.token) request.headers.set("authorization", `Bearer ${options.token}`);
  const response = await confirmPOST(request);
  return { status: response.status, body: await response.json() };
}

/** The link in the clearance email, as the reader would open it. */
function linkOf(mail: InboxMessage | undefined): URL {
  const link = mail?.links.find((l) => l.startsWith("http://localhost:3000/safety-clearance?"));
  if (!link) throw new Error(`no clearance link in ${JSON.stringify(mail)}`);
  return new URL(link);
}

async function emailedLink(email: string, answers: Record<string, string> = insulin): Promise<{ token: string; email: string }> {
  expect(await requestLink({ email, safetyScreen: answers })).toEqual({ status: 202, body: { data: { received: true } } });
  const [mail] = (await waitForMail(email)).filter((m) => m.subject === SAFETY_CLEARANCE_LINK_SUBJECT);
  const url = linkOf(mail);
  return { token: url.searchParams.get("token") ?? "", email: url.searchParams.get("email") ?? "" };
}

/** A checkout body whose safety screen carries these answers (and a clearance, if given). */
function withScreen(cohortId: string, safetyScreen: Record<string, unknown>) {
  const body = checkoutBody(cohortId);
  const metadata = body.metadata as { user_info: Record<string, unknown> };
  return { ...body, metadata: { ...metadata, user_info: { ...metadata.user_info, safetyScreen } } };
}

const orderCount = async () => Number((await sql`select count(*)::int as n from public.orders`)[0]!.n);

describe("the checkout API", () => {
  it("refuses a 'yes' without a recorded clearance, whatever the browser claims: 422, no order, no seat", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const before = await orderCount();
    const forged = { pass: "A".repeat(43), clearedAt: new Date().toISOString(), reasons: ["type1DiabetesOrInsulin"] };
    for (const screen of [insulin, { ...insulin, clearedByDoctor: true }, { ...insulin, clearance: forged }]) {
      const answer = await postCheckout(withScreen(cohortId, screen));
      expect(answer.status, JSON.stringify(screen)).toBe(422);
      expect(answer.json.details?.[0]?.path).toBe("metadata.user_info.safetyScreen");
    }
    expect((await postCheckout(withScreen(cohortId, { ...insulin, clearance: forged }))).json.error).toBe(SAFETY_CLEARANCE_NOT_RECORDED);
    expect(await orderCount()).toBe(before);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 0, held: 0 });
  });
});

describe("the clearance link", () => {
  it("is emailed (queued with the request), works once and only for its address, and its pass opens a checkout for that address", async () => {
    const email = uniqueEmail("Ines");
    const link = await emailedLink(email);
    expect(link.email).toBe(email);
    expect(await outboxFor(sql, email)).toEqual([expect.objectContaining({ kind: "safety-clearance-link", status: "sent" })]);
    const [stored] = await sql`select email, reasons, link_token_hash, confirmed_at from public.safety_clearances where email = ${email}`;
    expect(stored).toMatchObject({ email, reasons: ["type1DiabetesOrInsulin"], confirmed_at: null });
    // Only the token's hash is kept.
    expect(JSON.stringify(stored)).not.toContain(link.token);

    // Another address with the same token, and a forged token, record nothing.
    const someoneElse = uniqueEmail("Mallory");
    expect((await confirmLink({ token: link.token, email: someoneElse, name: "Mallory", clearedByDoctor: true })).body.data).toEqual({
      status: "invalid",
      clearance: null,
    });
    const forged = clearanceLinkToken("00000000-0000-4000-8000-000000000000", email);
    expect((await confirmLink({ token: forged, email, name: "Ines", clearedByDoctor: true })).body.data).toEqual({
      status: "invalid",
      clearance: null,
    });
    expect((await confirmLink({ token: "x".repeat(43), email, name: "Ines", clearedByDoctor: true })).body.data).toEqual({
      status: "invalid",
      clearance: null,
    });
    // Without the person's word or name, nothing either.
    expect((await confirmLink({ token: link.token, email, name: "Ines", clearedByDoctor: false })).status).toBe(422);
    expect((await confirmLink({ token: link.token, email, name: "  ", clearedByDoctor: true })).status).toBe(422);
    expect((await sql`select confirmed_at from public.safety_clearances where email = ${email}`)[0]!.confirmed_at).toBeNull();

    const used = await confirmLink({ token: link.token, email, name: "Ines Example", clearedByDoctor: true });
    expect(used.status).toBe(200);
    const clearance = used.body.data!.clearance as { pass: string; clearedAt: string; reasons: string[] };
    expect(used.body.data).toMatchObject({ status: "confirmed", clearance: { reasons: ["type1DiabetesOrInsulin"] } });
    expect(clearance.pass).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [recorded] = await sql`select confirmed_name, confirmed_user_id, pass_hash from public.safety_clearances where email = ${email}`;
    expect(recorded).toMatchObject({ confirmed_name: "Ines Example", confirmed_user_id: null });
    expect(recorded!.pass_hash).not.toBe(clearance.pass);

    // The team is told once, with who and from which address.
    const [notice] = (await waitForMail(site.contact.email, 1)).filter(
      (m) => m.subject === SAFETY_CLEARANCE_TEAM_SUBJECT && m.text.includes(email),
    );
    expect(notice?.text).toContain("Ines Example");
    expect(notice?.text).toContain("Type 1 diabetes or insulin");

    // Used once: a second use records nothing and gives no pass.
    expect((await confirmLink({ token: link.token, email, name: "Someone Else", clearedByDoctor: true })).body.data).toEqual({
      status: "used",
      clearance: null,
    });
    expect((await sql`select confirmed_name from public.safety_clearances where email = ${email}`)[0]!.confirmed_name).toBe("Ines Example");
    await jobsSettled(sql);
    expect(
      (await inboxFor(site.contact.email)).filter((m) => m.subject === SAFETY_CLEARANCE_TEAM_SUBJECT && m.text.includes(email)),
    ).toHaveLength(1);

    // The pass opens a checkout for these answers, at the address it was confirmed for; the order
    // keeps which clearance it was bought under, never the pass.
    const cohortId = await createCohort(sql, { cap: 5 });
    const checkout = await postCheckout(withScreen(cohortId, { ...insulin, clearance }));
    expect(checkout.status).toBe(200);
    const session = await stripe().checkout.sessions.retrieve(checkout.json.data!.sessionId);
    expect(session.customer_email).toBe(email);
    expect(JSON.stringify(session.metadata)).not.toContain(clearance.pass);
    const [order] = await sql`select user_info, safety_clearance_id from public.orders where stripe_checkout_session_id = ${session.id}`;
    expect(order!.safety_clearance_id).toEqual(expect.any(String));
    expect(order!.user_info.safetyScreen).toEqual(insulin);

    // Paid, the coach sees the flag on the participant.
    await payAtStripe(session.id, { email });
    await eventually(async () => {
      const [participant] = await cohortParticipantList(cohortId);
      expect(participant?.seat).toBe("paid");
      expect(participant?.doctorClearance).toEqual({ confirmedAt: expect.any(Date) });
    });
  });

  it("covers only the answers it was asked for, and a signed-in buyer only with their own address", async () => {
    const email = uniqueEmail("Pia");
    const link = await emailedLink(email);
    const clearance = (await confirmLink({ token: link.token, email, name: "Pia", clearedByDoctor: true })).body.data!.clearance;
    const cohortId = await createCohort(sql, { cap: 5 });
    // A 'yes' the doctor was not asked about.
    const pregnantToo = await postCheckout(withScreen(cohortId, { ...insulin, pregnancy: "yes", clearance }));
    expect(pregnantToo.status).toBe(422);
    // Another member cannot use it.
    const other = await signedInMember("not-pia");
    expect((await postCheckout(withScreen(cohortId, { ...insulin, clearance }), { token: other.token })).status).toBe(422);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 0, held: 0 });
  });

  it("refuses answers that need no clearance, and sends an inbox one link a day however often it is asked", async () => {
    const email = uniqueEmail("Lena");
    const none = await requestLink({ email, safetyScreen: { ...insulin, type1DiabetesOrInsulin: "no" } });
    expect(none.status).toBe(422);
    for (let i = 0; i < 3; i++) expect((await requestLink({ email, safetyScreen: insulin })).status).toBe(202);
    await jobsSettled(sql);
    expect((await inboxFor(email)).filter((m) => m.subject === SAFETY_CLEARANCE_LINK_SUBJECT)).toHaveLength(1);
    expect(await sql`select id from public.safety_clearances where email = ${email}`).toHaveLength(1);
  });

  it("is rate-limited per client address like the other public forms", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await requestLink({ email: uniqueEmail(`rate${i}`), safetyScreen: insulin }, address)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
