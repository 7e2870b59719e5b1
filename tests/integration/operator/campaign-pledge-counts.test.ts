import { beforeEach, describe, expect, it } from "vitest";
import { badgeForPledgeNumber } from "@/lib/campaign/badge-tier";
import { pledgeDayCountsQuery, listPledgeTierTotals } from "@/server/db/campaign/campaign-pledge-days";
import { savePledge } from "@/server/db/campaign/campaign";
import { numberWaitingPledges } from "@/server/db/campaign/pledge-numbers";
import { db } from "@/server/db/client";
import { pledgeCounts } from "@/server/operator/pledge-counts";
import { suiteSql } from "../../fixtures/db";

// Campaign: confirmed pledges per UTC day and badge tier. The counts are kept by the
// database in each pledge's own transaction, so a view reads a few rows a day and never the pledges.
const sql = suiteSql();

// "Today" for these tests is a day long past, so pledges other files make now are out of its range.
const NOW = new Date("2003-03-15T12:00:00Z");

async function pledge(number: number, at: string): Promise<void> {
  // Inserted from a session far from UTC: the day is still the UTC day.
  await sql.begin(async (tx) => {
    await tx`set local timezone = 'Pacific/Kiritimati'`;
    await tx`
      insert into campaign_pledges (pledge_number, name, email, email_identity, created_at)
      values (${number}, 'Pledger', ${`p${number}@example.com`}, ${`p${number}@example.com`}, ${at}::timestamptz)`;
  });
}

const day = (counts: Awaited<ReturnType<typeof pledgeCounts>>, date: string) => counts.series.find((d) => d.day === date);

/** What the stored counts say, next to what counting the pledges themselves says. */
async function storedAndCounted() {
  const stored = await sql<{ day: string; tier: string; pledges: number }[]>`
    select day::text, tier, pledges::int from campaign_pledge_days where pledges > 0 order by day, tier`;
  const counted = await sql<{ day: string; tier: string; pledges: number }[]>`
    select (created_at at time zone 'UTC')::date::text as day, campaign_pledge_tier(pledge_number) as tier, count(*)::int as pledges
    from campaign_pledges group by 1, 2 order by 1, 2`;
  return { stored, counted };
}

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
});

describe("pledge counts by day and tier", () => {
  it("counts each pledge on its UTC day, in the tier its number earned, over the last 30 or 90 days with today (UTC) the last", async () => {
    await pledge(1, "2003-03-15T00:00:00Z"); // today's first instant
    await pledge(2, "2003-03-14T23:59:59.999999Z"); // yesterday's last
    await pledge(100, "2003-03-14T10:00:00Z");
    await pledge(101, "2003-03-14T11:00:00Z");
    await pledge(1000, "2003-03-10T09:00:00Z");
    await pledge(1001, "2003-03-10T09:00:01Z");
    await pledge(10000, "2003-03-10T09:00:02Z");
    await pledge(10001, "2003-03-10T09:00:03Z");
    await pledge(3, "2003-02-14T00:00:00Z"); // the 30-day range's first day
    await pledge(4, "2003-02-13T23:59:59.999999Z"); // the day before it: in the 90 days only
    await pledge(5, "2003-03-16T00:00:00Z"); // tomorrow (UTC): in neither range, in the totals

    const month = await pledgeCounts(30, NOW);
    expect(month).toMatchObject({ days: 30, from: "2003-02-14", to: "2003-03-15" });
    expect(month.series).toHaveLength(30);
    expect(month.series[0]!.day).toBe("2003-03-15");
    expect(month.series[29]!.day).toBe("2003-02-14");
    expect(day(month, "2003-03-15")).toEqual({ day: "2003-03-15", gold: 1, silver: 0, bronze: 0, other: 0, total: 1 });
    expect(day(month, "2003-03-14")).toEqual({ day: "2003-03-14", gold: 2, silver: 1, bronze: 0, other: 0, total: 3 });
    expect(day(month, "2003-03-10")).toEqual({ day: "2003-03-10", gold: 0, silver: 1, bronze: 2, other: 1, total: 4 });
    expect(day(month, "2003-02-14")).toEqual({ day: "2003-02-14", gold: 1, silver: 0, bronze: 0, other: 0, total: 1 });
    expect(day(month, "2003-03-11")!.total).toBe(0);
    expect(month.range).toEqual({ gold: 4, silver: 2, bronze: 2, other: 1, total: 9 });
    expect(month.allTime).toEqual({ gold: 6, silver: 2, bronze: 2, other: 1, total: 11 });

    const quarter = await pledgeCounts(90, NOW);
    expect(quarter).toMatchObject({ days: 90, from: "2002-12-16", to: "2003-03-15" });
    expect(quarter.series).toHaveLength(90);
    expect(day(quarter, "2003-02-13")!.gold).toBe(1);
    expect(quarter.range.total).toBe(10);
  });

  it("puts each number in the tier its badge names, at every tier's edge", async () => {
    const numbers = [1, 100, 101, 1000, 1001, 10000, 10001, 250000];
    const [row] = await sql<
      { tiers: string[] }[]
    >`select array_agg(campaign_pledge_tier(n) order by n) as tiers from unnest(${numbers}::bigint[]) n`;
    expect(row!.tiers).toEqual(numbers.map((n) => badgeForPledgeNumber(n).tier));
  });

  it("counts a pledge once it is numbered, in the numbering's transaction: one rolled back is not counted", async () => {
    await expect(
      db().begin(async (tx) => {
        await savePledge(tx, { name: "Gone", email: "gone@example.com", emailIdentity: "gone@example.com" });
        throw new Error("the confirmation failed");
      }),
    ).rejects.toThrow("the confirmation failed");
    expect((await pledgeCounts(30)).allTime.total).toBe(0);

    await db().begin((tx) => savePledge(tx, { name: "Kept", email: "kept@example.com", emailIdentity: "kept@example.com" }));
    expect((await pledgeCounts(30)).allTime.total).toBe(0);
    await expect(
      db().begin(async (tx) => {
        await numberWaitingPledges(tx, 10);
        throw new Error("the numbering failed");
      }),
    ).rejects.toThrow("the numbering failed");
    expect((await pledgeCounts(30)).allTime.total).toBe(0);

    await db().begin((tx) => numberWaitingPledges(tx, 10));
    const counts = await pledgeCounts(30);
    expect(counts.series[0]).toMatchObject({ day: new Date().toISOString().slice(0, 10), gold: 1, total: 1 });
    expect(counts.allTime).toEqual({ gold: 1, silver: 0, bronze: 0, other: 0, total: 1 });
  });

  it("agrees with counting the pledges after bulk inserts, deletes, changes and a truncate", async () => {
    await sql`
      insert into campaign_pledges (pledge_number, name, email, email_identity, created_at)
      select n, 'Bulk', 'bulk' || n || '@example.com', 'bulk' || n || '@example.com', timestamptz '2003-01-01 00:00:00+00' + n * interval '7 minutes'
      from generate_series(1, 12000) n`;
    let { stored, counted } = await storedAndCounted();
    expect(stored).toEqual(counted);
    expect(stored.reduce((sum, row) => sum + row.pledges, 0)).toBe(12000);

    await sql`delete from campaign_pledges where pledge_number % 3 = 0`;
    await sql`update campaign_pledges set created_at = created_at + interval '1 day' where pledge_number between 500 and 700`;
    ({ stored, counted } = await storedAndCounted());
    expect(stored).toEqual(counted);
    expect((await listPledgeTierTotals()).reduce((sum, row) => sum + row.pledges, 0)).toBe(8000);

    await sql`truncate campaign_pledges`;
    expect((await storedAndCounted()).stored).toEqual([]);
  });

  it("reads a range from the per-day counts' index, never the pledges", async () => {
    const plan = await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      const rows = await tx<{ "QUERY PLAN": string }[]>`explain ${pledgeDayCountsQuery(tx, "2003-02-14", "2003-03-15")}`;
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index (Only )?Scan (using|on) campaign_pledge_days_pkey/);
    expect(plan).not.toMatch(/campaign_pledges\b/);
  });
});
