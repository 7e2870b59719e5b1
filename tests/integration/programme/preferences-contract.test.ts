import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The dashboard card's own calls, as shipped (components/dashboard/programme-messages/programme-api.ts),
// answered by the real routes: what the routes answer parses with the schemas the browser reads with.
const session = vi.hoisted(() => ({ token: null as string | null }));
vi.mock("@/components/api/access-token", () => ({ readAccessToken: async () => session.token }));

import { GET as feedbackGet, POST as feedbackPost } from "@/app/api/programme/feedback/route";
import { GET as preferencesGet, PATCH as preferencesPatch } from "@/app/api/programme/preferences/route";
import {
  fetchProgrammeFeedback,
  fetchProgrammePreferences,
  saveProgrammePreferences,
  sendProgrammeFeedback,
} from "@/components/dashboard/programme-messages/programme-api";
import { FEEDBACK_ALREADY_GIVEN } from "@/lib/programme/programme-feedback-schema";
import { suiteSql } from "../../fixtures/db";
import { SITE, signedInMember } from "../../fixtures/payments";
import { askedFeedback, endedCohortSeat } from "./programme-fixtures";

const sql = suiteSql();
const networkFetch = globalThis.fetch;
let address = 0;

type Handler = (request: Request) => Promise<Response>;
const ROUTES: Record<string, Record<string, Handler>> = {
  "/api/programme/preferences": { GET: preferencesGet, PATCH: preferencesPatch },
  "/api/programme/feedback": { GET: feedbackGet, POST: feedbackPost },
};

async function serveFromRoutes(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (typeof input !== "string" || !input.startsWith("/api/")) return networkFetch(input, init);
  const request = new Request(new URL(input, SITE), init);
  request.headers.set("x-real-ip", `203.0.113.${++address % 250}`);
  const handler = ROUTES[new URL(request.url).pathname]?.[request.method];
  if (!handler) throw new Error(`No route for ${request.method} ${input}`);
  return handler(request);
}

beforeEach(() => {
  session.token = null;
  vi.stubGlobal("fetch", vi.fn(serveFromRoutes));
});
afterEach(() => vi.unstubAllGlobals());

describe("the programme card's calls", () => {
  it("read and save the preferences", async () => {
    const member = await signedInMember("prefs-contract");
    session.token = member.token;
    expect(await fetchProgrammePreferences()).toEqual({
      morningHour: 8,
      channel: "bot",
      paused: false,
      botLinked: false,
      botBlockedAt: null,
      timeZone: null,
    });
    expect(await saveProgrammePreferences({ morningHour: 21, channel: "email", paused: true })).toMatchObject({
      morningHour: 21,
      channel: "email",
      paused: true,
    });
    await expect(saveProgrammePreferences({ morningHour: 99 })).rejects.toThrow("The request body is not valid.");
  });

  it("read the feedback question, answer it, and say why a second answer is refused", async () => {
    const member = await signedInMember("feedback-contract");
    session.token = member.token;
    expect(await fetchProgrammeFeedback()).toEqual({ status: "none", cohortName: null, score: null, comment: null });
    await askedFeedback(sql, member, await endedCohortSeat(sql, member), "email");
    expect(await fetchProgrammeFeedback()).toMatchObject({ status: "asked", cohortName: "Ended cohort" });
    expect(await sendProgrammeFeedback({ score: 5, comment: "Thank you" })).toEqual({
      status: "answered",
      cohortName: "Ended cohort",
      score: 5,
      comment: "Thank you",
    });
    await expect(sendProgrammeFeedback({ score: 3 })).rejects.toThrow(FEEDBACK_ALREADY_GIVEN);
  });
});
