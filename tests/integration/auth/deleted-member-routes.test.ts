import { describe, expect, it } from "vitest";
import { POST as linkTelegram } from "@/app/api/auth/link-telegram-user-email/route";
import { POST as enroll } from "@/app/api/cohorts/[id]/enroll/route";
import { GET as affiliateLink } from "@/app/api/referral/get_affiliate_link/route";
import { POST as referralLead } from "@/app/api/referral/lead/route";
import { POST as qrLink } from "@/app/api/telegram/qr-link/route";
import { POST as startLink } from "@/app/api/telegram/start-link/route";
import { POST as botSetup } from "@/app/api/users/me/bot-setup/route";
import { signLinkProof } from "@/server/telegram/link-proof";
import { adminClient } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { createCohort, signedInMember } from "../../fixtures/payments";
import { callRoute } from "../../fixtures/operators";
import { BOT_TOKEN } from "../../fixtures/telegram";

// Every route a member's token can write through, called with the token of a
// member whose account was deleted (or whose session was signed out) in its hour. The money,
// identity and linking routes answer 401; the others refuse without a 500 and write nothing.

const sql = suiteSql();

type Call = { name: string; call: (token: string, cohortId: string) => ReturnType<typeof callRoute> };

const telegramId = () => String(600_000_000 + Math.floor(Math.random() * 100_000_000));

const LIVE_SESSION_ROUTES: Call[] = [
  { name: "POST /api/telegram/start-link", call: (token) => callRoute(startLink, "/api/telegram/start-link", { token, method: "POST" }) },
  { name: "POST /api/telegram/qr-link", call: (token) => callRoute(qrLink, "/api/telegram/qr-link", { token, method: "POST" }) },
  {
    name: "GET /api/referral/get_affiliate_link",
    call: (token) => callRoute(affiliateLink, "/api/referral/get_affiliate_link", { token }),
  },
  {
    name: "POST /api/cohorts/{id}/enroll",
    call: (token, cohortId) => callRoute(enroll, `/api/cohorts/${cohortId}/enroll`, { token, method: "POST", params: { id: cohortId } }),
  },
  {
    name: "POST /api/auth/link-telegram-user-email",
    call: (token) => {
      const id = telegramId();
      return callRoute(linkTelegram, "/api/auth/link-telegram-user-email", {
        token,
        method: "POST",
        body: { telegram_id: id, email: "anyone@example.com", proof: signLinkProof(id, BOT_TOKEN, new Date()) },
      });
    },
  },
];

/** Member writes that are no money, identity or link: a deleted member's token changes nothing and is no 500. */
const OTHER_WRITES: Call[] = [
  {
    name: "POST /api/users/me/bot-setup",
    call: (token) =>
      callRoute(botSetup, "/api/users/me/bot-setup", { token, method: "POST", body: { currentStep: 2, completedSteps: [1] } }),
  },
  { name: "POST /api/referral/lead", call: (token) => callRoute(referralLead, "/api/referral/lead", { token, method: "POST" }) },
];

async function deletedMember(label: string) {
  const member = await signedInMember(label);
  const { error } = await adminClient().auth.admin.deleteUser(member.userId);
  expect(error).toBeNull();
  return member;
}

describe("a deleted member's token, within its hour", () => {
  it.each(LIVE_SESSION_ROUTES)("gets 401 invalid_token from $name, never a 500", async ({ call }) => {
    const member = await deletedMember("deleted-sweep");
    const reply = await call(member.token, await createCohort(sql));
    expect(reply.status).toBe(401);
    expect(reply.body?.code).toBe("invalid_token");
  });

  it.each(OTHER_WRITES)("is refused by $name without a 500, and nothing is written for the account", async ({ call }) => {
    const member = await deletedMember("deleted-other");
    const reply = await call(member.token, await createCohort(sql));
    expect(reply.status).toBeLessThan(500);
    expect(reply.body?.data ?? {}).not.toHaveProperty("recorded", true);
    expect(await sql`select 1 from public.users where id = ${member.userId}`).toHaveLength(0);
    expect(await sql`select 1 from public.referral_leads where referred_user_id = ${member.userId}`).toHaveLength(0);
  });
});

describe("a signed-out member's token, within its hour", () => {
  it.each(LIVE_SESSION_ROUTES)("gets 401 invalid_token from $name", async ({ call }) => {
    const member = await signedInMember("signed-out-sweep");
    const cohortId = await createCohort(sql);
    const { error } = await adminClient().auth.admin.signOut(member.token, "local");
    expect(error).toBeNull();
    const reply = await call(member.token, cohortId);
    expect(reply.status).toBe(401);
    expect(reply.body?.code).toBe("invalid_token");
  });
});
