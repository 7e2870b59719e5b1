import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The browser's side of each call, as shipped: its fetchers and the API helper. Only the token
// reader is replaced (there is no browser session here); the answers come from the real routes.
const session = vi.hoisted(() => ({ token: null as string | null }));
vi.mock("@/components/api/access-token", () => ({ readAccessToken: async () => session.token }));

import { GET as getCohort } from "@/app/api/cohorts/[id]/route";
import { GET as eligibility } from "@/app/api/cohorts/[id]/eligibility/route";
import { POST as enrol } from "@/app/api/cohorts/[id]/enroll/route";
import { GET as participants } from "@/app/api/cohorts/[id]/participants/route";
import { GET as listCohorts } from "@/app/api/cohorts/route";
import { GET as current } from "@/app/api/cohorts/user/current/route";
import { GET as history } from "@/app/api/cohorts/user/history/route";
import { GET as config } from "@/app/api/config/route";
import { GET as subscription } from "@/app/api/payment/subscription/route";
import { GET as me } from "@/app/api/users/me/route";
import { apiRequest } from "@/components/api/api-request";
import { fetchCohortHistory } from "@/components/dashboard/cohort/use-cohort-history-query";
import { fetchCurrentCohort } from "@/components/dashboard/cohort/use-current-cohort-query";
import { enrolInCohort } from "@/components/dashboard/cohort/cohort-api";
import { fetchSubscription } from "@/components/dashboard/cohort/use-subscription-query";
import { fetchCohorts } from "@/components/enrolment/cohorts/use-cohorts-query";
import { appConfigSchema } from "@/lib/config/app-config-schema";
import { cohortSchema } from "@/lib/cohorts/cohort-schemas";
import { eligibilitySchema, participantListSchema } from "@/lib/cohorts/member-cohort-schemas";
import { memberProfileSchema } from "@/lib/auth/member-profile-schema";
import { authClient, confirmedUser } from "../fixtures/auth-client";
import { suiteSql } from "../fixtures/db";
import { SITE, createCohort, insertPaidOrder } from "../fixtures/payments";

const sql = suiteSql();

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

// The product API's paths, most specific first, each with the route module that serves it.
const ROUTES: [RegExp, Handler][] = [
  [/^\/api\/cohorts\/user\/current$/, current as Handler],
  [/^\/api\/cohorts\/user\/history$/, history as Handler],
  [/^\/api\/cohorts\/(?<id>[^/]+)\/eligibility$/, eligibility as Handler],
  [/^\/api\/cohorts\/(?<id>[^/]+)\/enroll$/, enrol as Handler],
  [/^\/api\/cohorts\/(?<id>[^/]+)\/participants$/, participants as Handler],
  [/^\/api\/cohorts\/(?<id>[^/]+)$/, getCohort as Handler],
  [/^\/api\/cohorts$/, listCohorts as Handler],
  [/^\/api\/payment\/subscription$/, subscription as Handler],
  [/^\/api\/users\/me$/, me as Handler],
  [/^\/api\/config$/, config as Handler],
];

const networkFetch = globalThis.fetch;

/** fetch as the browser would see it: the site's /api paths are answered by the route handlers in this process. */
async function serveFromRoutes(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (typeof input !== "string" || !input.startsWith("/api/")) return networkFetch(input, init);
  const request = new Request(new URL(input, SITE), init);
  const path = new URL(request.url).pathname;
  for (const [pattern, handler] of ROUTES) {
    const match = pattern.exec(path);
    if (match) return handler(request, { params: Promise.resolve({ ...match.groups }) });
  }
  throw new Error(`No route for ${path}`);
}

async function member() {
  const { email, password, id } = await confirmedUser(undefined, "contract-member");
  const { data } = await authClient().auth.signInWithPassword({ email, password });
  return { email, token: data.session!.access_token, userId: id };
}

beforeEach(() => {
  session.token = null;
  vi.stubGlobal("fetch", vi.fn(serveFromRoutes));
});
afterEach(() => vi.unstubAllGlobals());

describe("each route's actual answer parses with the schema the browser reads it with", () => {
  it("the public cohort calls: the list and one cohort, dated and undated", async () => {
    const dated = await createCohort(sql, { startsInDays: 9, cap: 12 });
    const undated = await createCohort(sql, { startsInDays: null });
    const cohorts = await fetchCohorts("en");
    expect(cohorts.map((c) => c.id)).toEqual(expect.arrayContaining([dated, undated]));
    expect(cohorts.find((c) => c.id === undated)).toMatchObject({ start_cohort_date: null, end_cohort_date: null, duration_days: 14 });

    const one = await apiRequest({ path: `/api/cohorts/${dated}`, schema: cohortSchema });
    expect(one).toEqual(cohorts.find((c) => c.id === dated));
    expect(one).toMatchObject({ participant_cap: 12, cohort_description: "A cohort made by a test.", end_postcohort_date: null });
  });

  it("the member's calls: eligibility, enrolment, current cohort, history, participants and subscription", async () => {
    const m = await member();
    session.token = m.token;
    const from = await createCohort(sql, { startsInDays: 10 });
    const to = await createCohort(sql, { startsInDays: 20 });
    await insertPaidOrder(sql, { userId: m.userId, email: m.email, cohortId: from, seated: true });

    expect(await apiRequest({ path: `/api/cohorts/${to}/eligibility`, auth: "required", schema: eligibilitySchema })).toEqual({
      eligible: true,
      reason: "can_switch",
      message: "You can move to this cohort.",
      current_cohort_id: from,
    });
    expect(await enrolInCohort(to)).toEqual({
      success: true,
      cohort_id: to,
      user_id: m.userId,
      role: "participant",
      message: expect.stringContaining("moved"),
    });
    expect(await fetchCurrentCohort()).toMatchObject({ cohort: { id: to, status: "upcoming" }, role: "participant", can_change: true });
    expect((await fetchCohortHistory()).map((entry) => [entry.cohort.id, entry.status])).toEqual([
      [to, "enrolled"],
      [from, "released"],
    ]);
    expect(await apiRequest({ path: `/api/cohorts/${to}/participants`, auth: "required", schema: participantListSchema })).toEqual([
      { seat_id: expect.any(String), role: "participant", enrolled_at: expect.any(String), is_you: true },
    ]);
    expect(await fetchSubscription()).toEqual({ hasSubscription: false, subscription: null });

    await sql`
      insert into public.subscriptions (stripe_subscription_id, user_id, email, stripe_customer_id, plan_type, plan_name, status,
        current_period_end, cancel_at_period_end)
      values (${`sub_contract${m.userId.slice(0, 8)}`}, ${m.userId}, ${m.email}, 'cus_contract', 'popular', 'Popular', 'active',
        now() + interval '30 days', true)`;
    expect(await fetchSubscription()).toEqual({
      hasSubscription: true,
      subscription: {
        planName: "Popular",
        status: "active",
        endDate: expect.any(String),
        currentPeriodEnd: expect.any(String),
        cancelAtPeriodEnd: true,
      },
    });
  });

  it("a member without a seat: the current cohort is null and the history empty", async () => {
    session.token = (await member()).token;
    expect(await fetchCurrentCohort()).toBeNull();
    expect(await fetchCohortHistory()).toEqual([]);
  });

  it("the account row and the runtime configuration", async () => {
    const m = await member();
    session.token = m.token;
    expect(await apiRequest({ path: "/api/users/me", auth: "required", schema: memberProfileSchema })).toMatchObject({
      email: m.email,
      userType: "client",
      botSetupCompleted: false,
    });
    expect(await apiRequest({ path: "/api/config?environment=local", schema: appConfigSchema })).toEqual({
      environment: "local",
      api: { baseUrl: expect.any(String) },
    });
  });
});
