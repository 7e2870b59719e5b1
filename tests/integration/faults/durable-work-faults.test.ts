import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { POST as contactPOST } from "@/app/api/campaign/contact/route";
import { POST as partnerPOST } from "@/app/api/campaign/partners/route";
import { POST as pledgePOST } from "@/app/api/campaign/pledges/route";
import { POST as newsletterPOST } from "@/app/api/newsletter/route";
import { POST as webhook } from "@/app/api/stripe/webhook/route";
import { site } from "@/lib/site";
import { SMTP_TIMEOUTS } from "@/server/email/send-email";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { postgresOnly } from "../../fixtures/postgres-only";
import { inboxFor } from "../../fixtures/inbox";
import { eventually, SITE, resendStripeEvent, stripeDeliveries, suiteWebhookEndpoint } from "../../fixtures/payments";
import { campaignPost, freshAddress } from "../campaign/campaign-request";
import { confirmLatest } from "../campaign/confirm-submission";
import { expectOutboxDelivered, expectPaidCheckoutKept, payNewCheckout, type PaidCheckout } from "./fault-invariants";
import { faultRig, lapseLeases } from "./fault-rig";
import { JOB_QUEUES } from "@/server/jobs/job-queues";

// The durable-work fault table, re-run against real `npm run worker` processes whose database, mail server
// and Stripe sit behind proxies the test controls: two instances on one database, one killed
// inside fulfilment, the mail server down or hanging, the database cutting every connection, the
// same event delivered at once to two instances. After each fault the invariants of
// fault-invariants.ts must hold. (The Telegram rows and refund-before-paid have their own suites.)

// The suite needs a PostgreSQL server: PGlite is one connection held by the test runner's own
// process, which worker processes cannot share nor lose.
const onPostgres = postgresOnly(
  "worker processes share the database and lose its connections; PGlite is one connection inside the test runner",
);
onPostgres.describe("the durable-work faults, on worker processes behind proxies", () => {
  const sql = suiteSql();
  const endpoint = suiteWebhookEndpoint();
  const rig = faultRig(sql, { workers: 2 });
  const paidCheckouts: PaidCheckout[] = [];

  async function pay(label: string): Promise<PaidCheckout> {
    const checkout = await payNewCheckout(sql, label);
    paidCheckouts.push(checkout);
    return checkout;
  }

  async function orderState(sessionId: string) {
    const [order] = await sql<
      { id: string; status: string }[]
    >`select id, status from public.orders where stripe_checkout_session_id = ${sessionId}`;
    return order;
  }

  async function completedEvent(sessionId: string) {
    const [event] = await sql<{ id: string; processed_at: Date | null; attempts: number }[]>`
      select id, processed_at, attempts from public.stripe_events
      where type = 'checkout.session.completed' and payload -> 'data' -> 'object' ->> 'id' = ${sessionId}`;
    return event;
  }

  /** The checkout.session.completed Stripe sent for a session, and its deliveries to this file's endpoint. */
  async function completedAtStripe(sessionId: string) {
    const events = await stripe().events.list({ type: "checkout.session.completed", limit: 100 });
    const event = events.data.find((e) => (e.data.object as { id?: string }).id === sessionId);
    if (!event) throw new Error(`no checkout.session.completed for ${sessionId}`);
    const deliveries = (await stripeDeliveries({ event: event.id })).filter((d) => d.endpoint_url === endpoint.url);
    return { event, deliveries };
  }

  /** POST /api/newsletter from a visitor at an address of their own. */
  function subscribe(email: string) {
    const headers = { "content-type": "application/json", "x-real-ip": freshAddress() };
    return newsletterPOST(new Request(`${SITE}/api/newsletter`, { method: "POST", headers, body: JSON.stringify({ email }) }));
  }

  async function outboxOf(orderId: string) {
    return sql<{ kind: string; status: string; attempts: number; last_error: string | null }[]>`
      select kind, status, attempts, last_error from public.email_outbox where order_id = ${orderId} order by kind`;
  }

  describe("an instance killed with kill -9 inside fulfilment", () => {
    it("is taken over by the other instance: the order is paid with one seat, its event processed, one receipt and one set-up email", async () => {
      const [frozen, victim] = rig.host.workers();
      // The other instance is frozen (SIGSTOP) while idle, so the victim takes all of the payment's work.
      frozen!.freeze();
      // Stripe and the mail server hang: the victim records the payment and queues its emails, then
      // its event job waits on Stripe for the subscription and its email jobs on the mail server.
      rig.stripe.setMode("hang");
      rig.smtp.setMode("hang");
      const checkout = await pay("killed-in-fulfilment");
      const order = await eventually(async () => {
        const found = await orderState(checkout.sessionId);
        expect(found?.status).toBe("paid");
        const event = await completedEvent(checkout.sessionId);
        expect(event?.attempts).toBe(1);
        expect(event?.processed_at).toBeNull();
        const outbox = await outboxOf(found!.id);
        expect(outbox.map((row) => [row.kind, row.status, row.attempts])).toEqual([
          ["account-setup", "queued", 1],
          ["payment-confirmation", "queued", 1],
        ]);
        return found!;
      }, 20_000);
      expect((await rig.host.kill9(victim)).signal).toBe("SIGKILL");
      // Its event job and both email jobs were still claimed when it died.
      expect(await lapseLeases(sql)).toBeGreaterThanOrEqual(3);
      for (const proxy of [rig.stripe, rig.smtp]) {
        proxy.cut();
        proxy.setMode("pass");
      }
      frozen!.thaw();
      // The host starts a new instance in place of the killed one meanwhile.
      const replaced = rig.host.start(1);
      await expectPaidCheckoutKept(sql, checkout);
      expect((await completedEvent(checkout.sessionId))?.attempts).toBeGreaterThanOrEqual(2);
      expect((await outboxOf(order.id)).every((row) => row.attempts >= 2)).toBe(true);
      await replaced;
    }, 60_000);
  });

  describe("the mail server during fulfilment", () => {
    it("down: the webhook is answered 200, the order is paid at once, the emails wait queued with the reason and go once mail returns", async () => {
      rig.smtp.setMode("refuse");
      const checkout = await pay("smtp-down");
      const order = await eventually(async () => {
        const found = await orderState(checkout.sessionId);
        expect(found?.status).toBe("paid");
        const outbox = await outboxOf(found!.id);
        expect(outbox).toHaveLength(2);
        for (const row of outbox) {
          expect(row.status).toBe("queued");
          expect(row.last_error).toMatch(/ECONNRESET|closed|Connection/i);
        }
        return found!;
      }, 20_000);
      const { deliveries } = await completedAtStripe(checkout.sessionId);
      expect(deliveries.map((d) => [d.state, d.attempts.at(-1)?.status])).toEqual([["succeeded", 200]]);
      // The event is marked processed just after the payment it records (its emails may fail first).
      await eventually(async () => expect((await completedEvent(checkout.sessionId))?.processed_at).not.toBeNull());
      rig.smtp.setMode("pass");
      await expectPaidCheckoutKept(sql, checkout);
      expect((await outboxOf(order.id)).map((row) => row.last_error)).toEqual([null, null]);
    }, 60_000);

    it("hangs: each attempt fails by the SMTP timeouts and is retried; nothing is lost or sent twice", async () => {
      rig.smtp.setMode("hang");
      const checkout = await pay("smtp-hangs");
      // A worker's pooled connection may have been open when the partition began (the previous
      // test's emails went a moment ago): a message given to it fails by the socket timeout, and
      // the pool then tries it once on a new connection, which fails by the greeting timeout.
      const firstFailureBound = SMTP_TIMEOUTS.socketTimeout + SMTP_TIMEOUTS.greetingTimeout + 10_000;
      await eventually(async () => {
        const found = await orderState(checkout.sessionId);
        expect(found?.status).toBe("paid");
        const outbox = await outboxOf(found!.id);
        expect(outbox).toHaveLength(2);
        for (const row of outbox) expect(row.last_error).toMatch(/greeting|timeout/i);
      }, firstFailureBound);
      rig.smtp.setMode("pass");
      await expectPaidCheckoutKept(sql, checkout);
    }, 90_000);
  });

  describe("the mail server down while visitors pledge, sign a partner pledge, write to the team and join the newsletter", () => {
    it("keeps each email queued with the reason and sends each once mail returns", async () => {
      rig.smtp.setMode("refuse");
      const tag = randomUUID().slice(0, 8);
      const pledger = `pledger.${tag}@example.com`;
      const partner = `partner.${tag}@example.com`;
      const subscriber = `subscriber.${tag}@example.com`;
      const post = (path: string, body: unknown) => campaignPost(path, body, freshAddress());
      expect((await pledgePOST(post("/api/campaign/pledges", { name: "Maya Rivera", email: pledger }))).status).toBe(202);
      const partnerPledge = {
        name: "Grace Hopper",
        email: partner,
        orgName: `Harbor Clinic ${tag}`,
        orgType: "healthcare",
        region: "europe",
      };
      expect((await partnerPOST(post("/api/campaign/partners", partnerPledge))).status).toBe(202);
      // Both addresses confirm (D18) while mail is still down: the badge, welcome and team notice queue too.
      await confirmLatest(sql, pledger);
      await confirmLatest(sql, partner);
      const message = { name: "Lin", email: `writer.${tag}@example.com`, message: `A question about the campaign, ${tag}` };
      expect((await contactPOST(post("/api/campaign/contact", message))).status).toBe(201);
      expect((await subscribe(subscriber)).status).toBe(200);

      const rows = () => sql<{ kind: string; status: string; attempts: number; last_error: string | null }[]>`
        select kind, status, attempts, last_error from public.email_outbox
        where recipient in ${sql([pledger, partner, subscriber])} or data::text like ${`%${tag}%`} order by kind`;
      // The workers try each email while mail is down: it stays queued, the reason kept.
      await eventually(async () => {
        const queued = await rows();
        expect(queued.map((row) => row.kind)).toEqual([
          "campaign-confirmation",
          "campaign-confirmation",
          "contact-message-team",
          "newsletter-welcome",
          "partner-pledge-team",
          "partner-welcome",
          "pledge-confirmation",
        ]);
        for (const row of queued) {
          expect(row.status).toBe("queued");
          expect(row.attempts).toBeGreaterThanOrEqual(1);
          expect(row.last_error).not.toBeNull();
        }
      }, 20_000);

      rig.smtp.setMode("pass");
      await expectOutboxDelivered(sql, [pledger, partner, subscriber]);
      const teamMail = async () => (await inboxFor(site.contact.campaignEmail)).filter((m) => m.text.includes(tag));
      await eventually(async () => expect(await teamMail()).toHaveLength(2));
      expect((await rows()).every((row) => row.status === "sent")).toBe(true);
      expect(await teamMail()).toHaveLength(2);
    }, 60_000);
  });

  describe("the database cutting every connection while the workers drain a backlog", () => {
    it("leaves no job undone and no email twice; an instance that ends on it is restarted by its host", async () => {
      const tag = randomUUID().slice(0, 8);
      const subscribers = Array.from({ length: 30 }, (_, i) => `backlog.${i}.${tag}@example.com`);
      const checkouts = [await pay("backlog-a"), await pay("backlog-b")];
      for (const email of subscribers) {
        expect((await subscribe(email)).status).toBe(200);
      }
      // Cut while part of the backlog is sent, then again a moment later.
      await eventually(async () => {
        const [sent] = await sql<
          { n: number }[]
        >`select count(*)::int as n from public.email_outbox where recipient in ${sql(subscribers)} and status = 'sent'`;
        expect(sent!.n).toBeGreaterThanOrEqual(3);
      }, 20_000);
      expect(rig.postgres.cut()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      rig.postgres.cut();

      // Nothing is lost and nothing sent twice. A job whose claim the cut interrupted (the claim
      // committed, its answer never reached the worker) stays claimed until its lease lapses; then
      // the engine's supervision retries it. The bound is the longest lease of the work in play (a
      // Stripe event's, 120 s) plus the supervision interval and a retry. It is waited out rather
      // than shortened: shortening the lease of a job still running would have it done twice at once.
      const LEASE_BOUND_MS = (Math.max(JOB_QUEUES["stripe-event"].expireInSeconds, JOB_QUEUES["send-email"].expireInSeconds) + 30) * 1000;
      for (const checkout of checkouts) await expectPaidCheckoutKept(sql, checkout, LEASE_BOUND_MS);
      await expectOutboxDelivered(sql, subscribers, LEASE_BOUND_MS);
      // The host restarted any instance that ended on the cut; each ended by design, none is left wedged.
      for (const crash of rig.host.crashes())
        expect(crash.output).toContain("Uncaught exception: the process ends so its host starts a fresh one");
      // A replacement starts once the database answers again (the host retries one that could not).
      await eventually(async () => expect(rig.host.workers().length).toBeGreaterThanOrEqual(2), 60_000);
    }, 360_000);
  });

  describe("the same checkout.session.completed delivered at once to two instances", () => {
    it("makes exactly one paid order, one seat, one receipt and one set-up email", async () => {
      // Stripe's own deliveries fail first, so the three deliveries below race from the start.
      endpoint.setDropping(true);
      let checkout: PaidCheckout;
      try {
        checkout = await pay("same-event-twice");
        await eventually(async () => {
          const { deliveries } = await completedAtStripe(checkout.sessionId);
          expect(deliveries.map((d) => d.state)).toEqual(["failed"]);
        });
      } finally {
        endpoint.setDropping(false);
      }
      const { event } = await completedAtStripe(checkout.sessionId);
      const payload = JSON.stringify(event);
      const deliver = () => {
        const signature = stripe().webhooks.generateTestHeaderString({ payload, secret: inject("stripeWebhookSecret") });
        return webhook(
          new Request(`${SITE}/api/stripe/webhook`, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body: payload,
          }),
        );
      };
      const [first, second] = await Promise.all([deliver(), deliver(), resendStripeEvent(event.id)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(rig.host.workers().length).toBeGreaterThanOrEqual(2);
      await expectPaidCheckoutKept(sql, checkout);
    }, 60_000);
  });

  describe("after every fault of this file", () => {
    it("every session paid at Stripe has exactly one paid order (none expired), one seat and its two emails sent once", async () => {
      expect(paidCheckouts).toHaveLength(6);
      for (const checkout of paidCheckouts) {
        expect((await stripe().checkout.sessions.retrieve(checkout.sessionId)).payment_status).toBe("paid");
        await expectPaidCheckoutKept(sql, checkout);
      }
    }, 60_000);
  });
});
