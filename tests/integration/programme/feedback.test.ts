import { describe, expect, it } from "vitest";
import { GET as getFeedback, POST as postFeedback } from "@/app/api/programme/feedback/route";
import { FEEDBACK_ALREADY_GIVEN, FEEDBACK_NOT_ASKED, programmeFeedbackSchema } from "@/lib/programme/programme-feedback-schema";
import { suiteSql } from "../../fixtures/db";
import { signedInMember } from "../../fixtures/payments";
import { askedFeedback, callAs, endedCohortSeat } from "./programme-fixtures";

// The feedback question after the end, answered on the dashboard (the email that asks it points there).

const sql = suiteSql();
const PATH = "/api/programme/feedback";

const kept = async (userId: string) => sql`select score, comment from public.programme_feedback where user_id = ${userId}`;
const post = (token: string | undefined, body: unknown) => callAs(postFeedback, PATH, { token, method: "POST", body });

describe("GET and POST /api/programme/feedback", () => {
  it("a member asked by email answers once: the score and the line are kept and read back", async () => {
    const member = await signedInMember("fb-answer");
    const seat = await endedCohortSeat(sql, member);
    await askedFeedback(sql, member, seat, "email");
    expect(programmeFeedbackSchema.parse((await callAs(getFeedback, PATH, { token: member.token })).body.data)).toEqual({
      status: "asked",
      cohortName: "Ended cohort",
      score: null,
      comment: null,
    });
    const answered = await post(member.token, { score: 4, comment: "  Great two weeks  " });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toEqual({ status: "answered", cohortName: "Ended cohort", score: 4, comment: "Great two weeks" });
    expect(await kept(member.userId)).toEqual([{ score: 4, comment: "Great two weeks" }]);
    const [row] = await sql`select seat_id, cohort_id from public.programme_feedback where user_id = ${member.userId}`;
    expect(row).toEqual({ seat_id: seat.seatId, cohort_id: seat.cohortId });
  });

  it("refuses a second answer (409) and keeps the first", async () => {
    const member = await signedInMember("fb-twice");
    const seat = await endedCohortSeat(sql, member);
    await askedFeedback(sql, member, seat, "bot");
    expect((await post(member.token, { score: 5 })).status).toBe(200);
    const again = await post(member.token, { score: 1, comment: "changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(FEEDBACK_ALREADY_GIVEN);
    const racing = await Promise.all([post(member.token, { score: 2 }), post(member.token, { score: 3 })]);
    expect(racing.map((r) => r.status)).toEqual([409, 409]);
    expect(await kept(member.userId)).toEqual([{ score: 5, comment: null }]);
  });

  it("two answers at once for a fresh question: one is kept, the other refused", async () => {
    const member = await signedInMember("fb-race");
    await askedFeedback(sql, member, await endedCohortSeat(sql, member), "email");
    const statuses = (await Promise.all([post(member.token, { score: 2 }), post(member.token, { score: 3 })])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await kept(member.userId)).toHaveLength(1);
  });

  it("refuses a member never asked, or whose question was skipped (paused), and keeps nothing", async () => {
    const never = await signedInMember("fb-never");
    await endedCohortSeat(sql, never);
    expect((await callAs(getFeedback, PATH, { token: never.token })).body.data).toMatchObject({ status: "none" });
    const refused = await post(never.token, { score: 5 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(FEEDBACK_NOT_ASKED);
    const paused = await signedInMember("fb-paused");
    await askedFeedback(sql, paused, await endedCohortSeat(sql, paused), "skipped");
    expect((await post(paused.token, { score: 5 })).status).toBe(403);
    expect(await kept(never.userId)).toEqual([]);
    expect(await kept(paused.userId)).toEqual([]);
  });

  it("answers only for the caller's own seat: another member's question is not theirs to answer", async () => {
    const asked = await signedInMember("fb-owner");
    const stranger = await signedInMember("fb-stranger");
    const seat = await endedCohortSeat(sql, asked);
    await askedFeedback(sql, asked, seat, "email");
    expect((await callAs(getFeedback, PATH, { token: stranger.token })).body.data).toMatchObject({ status: "none" });
    expect((await post(stranger.token, { score: 1, seatId: seat.seatId })).status).toBe(422);
    expect((await post(stranger.token, { score: 1 })).status).toBe(403);
    expect(await kept(asked.userId)).toEqual([]);
    expect((await callAs(getFeedback, PATH, { token: asked.token })).body.data).toMatchObject({ status: "asked" });
  });

  it("refuses bad input with 422, a visitor with 401, and keeps nothing", async () => {
    const member = await signedInMember("fb-bad");
    await askedFeedback(sql, member, await endedCohortSeat(sql, member), "email");
    for (const body of [
      { score: 0 },
      { score: 6 },
      { score: 4.5 },
      { score: "5" },
      { score: 5, comment: "x".repeat(501) },
      { score: 5, comment: "a\u0000b" },
      { score: 5, comment: "a\ud800b" },
      {},
    ]) {
      expect((await post(member.token, body)).status, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    expect((await post(undefined, { score: 5 })).status).toBe(401);
    expect((await callAs(getFeedback, PATH)).status).toBe(401);
    expect(await kept(member.userId)).toEqual([]);
  });
});
