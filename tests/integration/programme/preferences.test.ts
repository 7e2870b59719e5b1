import { describe, expect, it } from "vitest";
import { GET as getPreferences, PATCH as patchPreferences } from "@/app/api/programme/preferences/route";
import { programmePreferencesSchema } from "@/lib/programme/programme-preferences-schema";
import { suiteSql } from "../../fixtures/db";
import { signedInMember } from "../../fixtures/payments";
import { callAs } from "./programme-fixtures";

// A member's programme messages from the dashboard: the hour in their zone, the channel, a pause.

const sql = suiteSql();
const PATH = "/api/programme/preferences";

const stored = async (userId: string) =>
  (await sql`select morning_hour, channel, paused from public.programme_preferences where user_id = ${userId}`)[0] ?? null;

const patch = (token: string | undefined, body: unknown, ip?: string) =>
  callAs(patchPreferences, PATH, { token, method: "PATCH", body, ip });

describe("GET and PATCH /api/programme/preferences", () => {
  it("reads the defaults before any choice (08:00, the bot, not paused), with the bot unlinked and no zone", async () => {
    const member = await signedInMember("prefs-defaults");
    const read = await callAs(getPreferences, PATH, { token: member.token });
    expect(read.status).toBe(200);
    expect(programmePreferencesSchema.parse(read.body.data)).toEqual({
      morningHour: 8,
      channel: "bot",
      paused: false,
      botLinked: false,
      botBlockedAt: null,
      timeZone: null,
    });
    expect(await stored(member.userId)).toBeNull();
  });

  it("keeps the hour, the channel and the pause, each alone, and answers what it kept", async () => {
    const member = await signedInMember("prefs-change");
    await sql`update public.users set time_zone = 'Asia/Tokyo' where id = ${member.userId}`;
    const hour = await patch(member.token, { morningHour: 6 });
    expect(hour.status).toBe(200);
    expect(hour.body.data).toMatchObject({ morningHour: 6, channel: "bot", paused: false, timeZone: "Asia/Tokyo" });
    expect((await patch(member.token, { channel: "email" })).body.data).toMatchObject({ morningHour: 6, channel: "email", paused: false });
    expect((await patch(member.token, { paused: true })).body.data).toMatchObject({ morningHour: 6, channel: "email", paused: true });
    expect(await stored(member.userId)).toEqual({ morning_hour: 6, channel: "email", paused: true });
    // The same change again changes nothing more.
    expect((await patch(member.token, { paused: true })).body.data).toMatchObject({ paused: true });
    expect((await patch(member.token, { paused: false, morningHour: 0 })).body.data).toMatchObject({ morningHour: 0, paused: false });
    expect((await callAs(getPreferences, PATH, { token: member.token })).body.data).toMatchObject({
      morningHour: 0,
      channel: "email",
      paused: false,
    });
  });

  it("refuses an hour out of range, an unknown channel, NULs, unknown fields and broken JSON, and changes nothing", async () => {
    const member = await signedInMember("prefs-refuse");
    await patch(member.token, { morningHour: 9, channel: "bot" });
    const bad: unknown[] = [
      { morningHour: 24 },
      { morningHour: -1 },
      { morningHour: 7.5 },
      { morningHour: "7" },
      { channel: "sms" },
      { channel: "bot\u0000" },
      { channel: "\ud800" },
      { paused: "true" },
      {},
      { morningHour: 7, userId: "00000000-0000-0000-0000-000000000000" },
      [],
    ];
    for (const body of bad) {
      const refused = await patch(member.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error, JSON.stringify(body)).toBeTruthy();
    }
    const broken = await callAs(patchPreferences, PATH, { token: member.token, method: "PATCH", rawBody: '{"morningHour": 7' });
    expect(broken.status).toBe(400);
    const huge = await callAs(patchPreferences, PATH, {
      token: member.token,
      method: "PATCH",
      rawBody: JSON.stringify({ channel: "x".repeat(5000) }),
    });
    expect(huge.status).toBe(413);
    expect(await stored(member.userId)).toEqual({ morning_hour: 9, channel: "bot", paused: false });
  });

  it("refuses a visitor without a session (401) and a forged token, and reads or changes only the caller's own row", async () => {
    const owner = await signedInMember("prefs-owner");
    const other = await signedInMember("prefs-other");
    await patch(owner.token, { morningHour: 5, paused: true });
    expect((await callAs(getPreferences, PATH)).status).toBe(401);
    expect((await patch(undefined, { paused: false })).status).toBe(401);
    expect((await patch("not-a-token", { paused: false })).status).toBe(401);
    // The other member's read and write are their own, whatever they send.
    expect((await callAs(getPreferences, PATH, { token: other.token })).body.data).toMatchObject({ morningHour: 8, paused: false });
    expect((await patch(other.token, { paused: false, user_id: owner.userId })).status).toBe(422);
    expect((await patch(other.token, { morningHour: 20 })).body.data).toMatchObject({ morningHour: 20 });
    expect(await stored(owner.userId)).toEqual({ morning_hour: 5, channel: "bot", paused: true });
  });

  it("limits the writes from one address", async () => {
    const member = await signedInMember("prefs-limit");
    const ip = "192.0.2.77";
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await patch(member.token, { morningHour: i % 24 }, ip)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("says when Telegram reported the bot blocked, and linking the bot again clears it", async () => {
    const member = await signedInMember("prefs-blocked");
    await sql`insert into public.programme_preferences (user_id, bot_blocked_at) values (${member.userId}, '2026-12-02T07:00:00Z')`;
    expect((await callAs(getPreferences, PATH, { token: member.token })).body.data).toMatchObject({
      botBlockedAt: "2026-12-02T07:00:00.000Z",
      botLinked: false,
    });
    const { linkInTransaction } = await import("@/server/db/telegram/telegram-links");
    await sql.begin((tx) =>
      linkInTransaction(
        tx,
        member.userId,
        { telegramUserId: 912_345_678, chatId: 912_345_678, username: null, firstName: "Blo" },
        async () => {},
      ),
    );
    expect((await callAs(getPreferences, PATH, { token: member.token })).body.data).toMatchObject({ botBlockedAt: null, botLinked: true });
  });
});
