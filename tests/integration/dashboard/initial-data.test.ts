import { describe, expect, it } from "vitest";
import { GET as current } from "@/app/api/cohorts/user/current/route";
import { GET as history } from "@/app/api/cohorts/user/history/route";
import { GET as subscription } from "@/app/api/payment/subscription/route";
import { GET as stats } from "@/app/api/referral/stats/route";
import { GET as botSetup } from "@/app/api/users/me/bot-setup/route";
import { GET as profile } from "@/app/api/users/me/route";
import { dashboardInitialData } from "@/server/dashboard/initial-data";
import { adminClient, authClient, uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { SITE, createCohort, insertPaidOrder } from "../../fixtures/payments";

const sql = suiteSql();

async function member(label: string) {
  const email = uniqueEmail(label);
  const password = "a-long-enough-password";
  await adminClient().auth.admin.createUser({ email, password, email_confirm: true });
  const { data } = await authClient().auth.signInWithPassword({ email, password });
  return { email, token: data.session!.access_token, user: { id: data.user!.id, email, role: "authenticated" } };
}

type Handler = (request: Request) => Promise<Response>;

/** What the dashboard's card would get from the route: `data` of its answer. */
async function routeData(handler: Handler, path: string, token: string): Promise<unknown> {
  const response = await handler(new Request(`${SITE}${path}`, { headers: { authorization: `Bearer ${token}` } }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

async function routeAnswers(token: string) {
  return {
    affiliateStats: await routeData(stats as Handler, "/api/referral/stats", token),
    currentCohort: await routeData(current as Handler, "/api/cohorts/user/current", token),
    cohortHistory: await routeData(history as Handler, "/api/cohorts/user/history", token),
    subscription: await routeData(subscription as Handler, "/api/payment/subscription", token),
    botSetup: await routeData(botSetup as Handler, "/api/users/me/bot-setup", token),
    profile: await routeData(profile as Handler, "/api/users/me", token),
  };
}

describe("the dashboard's server reads", () => {
  it("are exactly what the cards' routes answer the same member", async () => {
    const seated = await member("dashboard-seated");
    const cohortId = await createCohort(sql);
    await insertPaidOrder(sql, { userId: seated.user.id, email: seated.email, cohortId, seated: true });

    const initial = await dashboardInitialData(seated.user);
    expect(initial).toEqual(await routeAnswers(seated.token));
    expect(initial.currentCohort).toMatchObject({ cohort: { id: cohortId } });
    expect(initial.cohortHistory).toHaveLength(1);
  });

  it("are the member's own: another member's seat and numbers never show", async () => {
    const seated = await member("dashboard-owner");
    const other = await member("dashboard-other");
    await insertPaidOrder(sql, { userId: seated.user.id, email: seated.email, cohortId: await createCohort(sql), seated: true });

    const initial = await dashboardInitialData(other.user);
    expect(initial).toEqual(await routeAnswers(other.token));
    expect(initial.currentCohort).toBeNull();
    expect(initial.cohortHistory).toEqual([]);
    expect(initial.affiliateStats).toMatchObject({ visitors: 0, leads: 0, conversions: 0, commission: 0, entries: [] });
  });
});
