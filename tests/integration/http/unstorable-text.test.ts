import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as signInLink } from "@/app/api/auth/sign-in-link/route";
import { POST as signIn } from "@/app/api/auth/sign-in/route";
import { POST as signUp } from "@/app/api/auth/sign-up/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as contact } from "@/app/api/campaign/contact/route";
import { POST as partners } from "@/app/api/campaign/partners/route";
import { POST as pledges } from "@/app/api/campaign/pledges/route";
import { POST as stories } from "@/app/api/campaign/stories/route";
import { POST as storyContact } from "@/app/api/campaign/stories/contact/route";
import { POST as storyUpload } from "@/app/api/campaign/stories/upload/route";
import { GET as cohorts } from "@/app/api/cohorts/route";
import { POST as newsletter } from "@/app/api/newsletter/route";
import { POST as checkout } from "@/app/api/payment/create-checkout-session/route";
import { POST as referralVisit } from "@/app/api/referral/visit/route";
import { POST as clearanceConfirmation } from "@/app/api/safety-clearances/confirmations/route";
import { POST as regenerate } from "@/app/api/social-posts/[id]/regenerate/route";
import { POST as share } from "@/app/api/social-posts/[id]/share/route";
import { POST as vitals } from "@/app/api/vitals/route";
import { POST as campaignConfirmation } from "@/app/api/campaign/confirmations/route";
import { POST as waitlistJoin } from "@/app/api/cohorts/[id]/waitlist/route";
import { POST as operatorCohorts } from "@/app/api/operator/cohorts/route";
import { POST as botSetup } from "@/app/api/users/me/bot-setup/route";
import { POST as linkTelegram } from "@/app/api/auth/link-telegram-user-email/route";
import { POST as waitlistConfirmation } from "@/app/api/waitlist/confirmations/route";
import { signedInOperator } from "../../fixtures/operators";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, createCohort, signedInMember } from "../../fixtures/payments";
import { freshAddress } from "../campaign/campaign-request";

// A string holding U+0000 or an unpaired surrogate, anywhere in a JSON body
// (or a query string), is a 422 in the error envelope on every route that reads one, before the
// route does anything: no 500, no row written, no post made.

const sql = suiteSql();
const SITE = "http://localhost:3000";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Case = {
  name: string;
  handler: Handler;
  path: string;
  body: (bad: string) => unknown;
  at: string;
  params?: Record<string, string>;
  token?: string;
};

const email = () => `unstorable-${randomUUID().slice(0, 8)}@example.com`;
const cohortId = await createCohort(sql);
// Routes added after the check (the waitlist, the operator area) and the signed-in writes read their bodies the same way.
const member = await signedInMember("unstorable");
const operator = await signedInOperator("unstorable-operator");

const CASES: Case[] = [
  { name: "pledges", handler: pledges, path: "/api/campaign/pledges", body: (bad) => ({ name: bad, email: email() }), at: "name" },
  {
    name: "partners",
    handler: partners,
    path: "/api/campaign/partners",
    body: (bad) => ({ name: "Pat", email: email(), orgName: bad, orgType: "ngo", region: "europe" }),
    at: "orgName",
  },
  {
    name: "contact",
    handler: contact,
    path: "/api/campaign/contact",
    body: (bad) => ({ name: "Pat", email: email(), message: bad }),
    at: "message",
  },
  { name: "a text story", handler: stories, path: "/api/campaign/stories", body: (bad) => ({ type: "text", content: bad }), at: "content" },
  {
    name: "a story's topic",
    handler: stories,
    path: "/api/campaign/stories",
    body: (bad) => ({ type: "text", content: "Oatmeal spiked me to 190.", topic: bad }),
    at: "topic",
  },
  {
    name: "a story request",
    handler: storyContact,
    path: "/api/campaign/stories/contact",
    body: (bad) => ({ format: "video", email: `a${bad}@example.com` }),
    at: "email",
  },
  {
    name: "a story upload",
    handler: storyUpload,
    path: "/api/campaign/stories/upload",
    body: (bad) => ({ contentType: bad, size: 10, durationSeconds: 3 }),
    at: "contentType",
  },
  {
    name: "checkout",
    handler: checkout,
    path: "/api/payment/create-checkout-session",
    body: (bad) => {
      const body = checkoutBody(cohortId);
      const metadata = body.metadata as { user_info: Record<string, unknown> };
      return { ...body, metadata: { ...metadata, user_info: { ...metadata.user_info, firstName: bad } } };
    },
    at: "metadata.user_info.firstName",
  },
  { name: "newsletter", handler: newsletter, path: "/api/newsletter", body: (bad) => ({ email: email(), name: bad }), at: "name" },
  {
    name: "vitals",
    handler: vitals,
    path: "/api/vitals",
    body: (bad) => ({ metrics: [{ name: "LCP", value: 1200, id: "v5-1", page: bad }] }),
    at: "metrics.0.page",
  },
  { name: "a referral visit", handler: referralVisit, path: "/api/referral/visit", body: (bad) => ({ via: bad }), at: "via" },
  { name: "sign-up", handler: signUp, path: "/api/auth/sign-up", body: (bad) => ({ email: email(), password: bad }), at: "password" },
  { name: "sign-in", handler: signIn, path: "/api/auth/sign-in", body: (bad) => ({ email: email(), password: bad }), at: "password" },
  {
    name: "a sign-in link",
    handler: signInLink,
    path: "/api/auth/sign-in-link",
    body: (bad) => ({ email: email(), [bad]: 1 }),
    at: "(key)",
  },
  {
    name: "forgot password",
    handler: forgotPassword,
    path: "/api/auth/forgot-password",
    body: (bad) => ({ email: email(), note: [bad] }),
    at: "note.0",
  },
  {
    name: "verify email",
    handler: verifyEmail,
    path: "/api/auth/verify-email",
    body: (bad) => ({ token: bad, email: email(), action: "validate" }),
    at: "token",
  },
  {
    name: "a post regeneration",
    handler: regenerate,
    path: "/api/social-posts/{id}/regenerate",
    body: (bad) => ({ token: "x".repeat(43), user_input: bad }),
    at: "user_input",
    params: { id: randomUUID() },
  },
  {
    name: "a campaign confirmation",
    handler: campaignConfirmation,
    path: "/api/campaign/confirmations",
    body: (bad) => ({ token: bad }),
    at: "token",
  },
  {
    name: "a waitlist join",
    handler: waitlistJoin,
    path: "/api/cohorts/{id}/waitlist",
    body: (bad) => ({ email: `w${bad}@example.com` }),
    at: "email",
    params: { id: cohortId },
  },
  {
    name: "a waitlist confirmation",
    handler: waitlistConfirmation,
    path: "/api/waitlist/confirmations",
    body: (bad) => ({ token: bad }),
    at: "token",
  },
  {
    name: "a doctor's clearance",
    handler: clearanceConfirmation,
    path: "/api/safety-clearances/confirmations",
    body: (bad) => ({ token: "x".repeat(43), email: email(), name: bad, clearedByDoctor: true }),
    at: "name",
  },
  {
    name: "the bot walkthrough",
    handler: botSetup,
    path: "/api/users/me/bot-setup",
    body: (bad) => ({ currentStep: 2, completedSteps: [1], [bad]: true }),
    at: "(key)",
    token: member.token,
  },
  {
    name: "Telegram linking",
    handler: linkTelegram,
    path: "/api/auth/link-telegram-user-email",
    body: (bad) => ({ telegram_id: "5001", email: member.email, proof: bad }),
    at: "proof",
    token: member.token,
  },
  {
    name: "an operator's new cohort",
    handler: operatorCohorts,
    path: "/api/operator/cohorts",
    body: (bad) => ({ cohort_name: bad }),
    at: "cohort_name",
    token: operator.token,
  },
  {
    name: "a post share",
    handler: share,
    path: "/api/social-posts/{id}/share",
    body: (bad) => ({ token: bad }),
    at: "token",
    params: { id: randomUUID() },
  },
];

const BAD_STRINGS: [string, (marker: string) => string][] = [
  ["a NUL byte", (marker) => `Ann ${marker}\u0000 Lee`],
  ["a lone surrogate", (marker) => `Ann ${marker}\ud83d Lee`],
];

/** Rows anywhere in the tables these routes write that carry the marker. */
async function rowsWith(marker: string): Promise<Record<string, number>> {
  const tables = [
    "campaign_pledges",
    "campaign_partners",
    "campaign_contact_messages",
    "campaign_stories",
    "social_posts",
    "orders",
    "email_outbox",
    "newsletter_subscribers",
    "web_vitals",
    "referral_visits",
    "cohorts",
    "cohort_waitlist",
    "address_confirmations",
    "telegram_links",
    "safety_clearances",
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from ${sql("public")}.${sql(table)} t where t::text like ${`%${marker}%`}`;
    if (row!.n > 0) counts[table] = row!.n;
  }
  const [users] = await sql<{ n: number }[]>`select count(*)::int as n from auth.users u where u::text like ${`%${marker}%`}`;
  if (users!.n > 0) counts["auth.users"] = users!.n;
  return counts;
}

function post(path: string, body: unknown, token?: string): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: SITE,
      "x-real-ip": freshAddress(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe("a string that cannot be stored as text", () => {
  for (const [what, badString] of BAD_STRINGS) {
    it.each(CASES)(`in the body of $name (${what}) is a 422 naming the field, and nothing is written`, async (route) => {
      const marker = `marker-${randomUUID()}`;
      const bad = badString(marker);
      const response = await route.handler(post(route.path.replace("{id}", route.params?.id ?? ""), route.body(bad), route.token), {
        params: Promise.resolve(route.params ?? {}),
      });
      expect(response.status).toBe(422);
      // verify-email repeats the error as `message` (its clients read that field).
      expect(await response.json()).toMatchObject({
        error: "The request body is not valid.",
        code: "validation_failed",
        details: [{ path: route.at === "(key)" ? bad : route.at, message: "Text may not contain NUL characters or unpaired surrogates." }],
      });
      expect(await rowsWith(marker)).toEqual({});
    });
  }

  it("in a query string (%00) is a 422 naming the parameter", async () => {
    const response = await cohorts(new Request(`${SITE}/api/cohorts?language=e%00n`), { params: Promise.resolve({}) });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "The query is not valid.",
      code: "validation_failed",
      details: [{ path: "language", message: "Text may not contain NUL characters or unpaired surrogates." }],
    });
  });
});
