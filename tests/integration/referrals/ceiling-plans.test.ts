import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { insertVisit } from "@/server/db/referrals/referrals-touches";
import { suiteSql } from "../../fixtures/db";
import { arrangeAffiliate } from "../../fixtures/operator-affiliates";
import { postgresOnly } from "../../fixtures/postgres-only";
import { statementPlans } from "../../fixtures/statement-plans";

// The daily ceilings count only the day's counted visits and leads, through partial
// indexes, so a visit costs the same however many flagged visits an attack added that day.
const sql = suiteSql();
const plansOf = statementPlans(sql);
const onPostgres = postgresOnly(
  "asserts the plans PostgreSQL's planner chooses from the statistics of a bulk load; PGlite's are not the server's",
);

onPostgres.describe("a referral visit's ceiling checks", () => {
  it("read only the day's counted visits, not the 20,000 flagged ones", async () => {
    const affiliate = await arrangeAffiliate(sql, `ceiling.${Date.now()}@example.com`);
    await sql`
      insert into referral_visits (affiliate_user_id, visitor_id, client_key, flagged_reason)
      select ${affiliate.id}, gen_random_uuid(), md5('attacker-' || (n % 50)), 'affiliate_daily_ceiling' from generate_series(1, 20000) n`;
    await sql`
      insert into referral_visits (affiliate_user_id, visitor_id, client_key)
      select ${affiliate.id}, gen_random_uuid(), md5('reader-' || n) from generate_series(1, 3) n`;
    await sql`analyze referral_visits`;

    const clientKey = createHash("md5").update("reader-1").digest("hex");
    let stored;
    const plans = await plansOf(
      async () =>
        (stored = await insertVisit({
          affiliateUserId: affiliate.id,
          visitorId: crypto.randomUUID(),
          clientKey,
          perAddress: 5,
          perAffiliate: 500,
        })),
      (query) => query.includes("insert into public.referral_visits"),
    );
    expect(stored).toEqual({ flaggedReason: null });
    expect(plans.statements).toBe(1);
    expect(plans.unexplained).toBe(0);
    expect(plans.seqScans).toEqual([]);
    expect(plans.worst?.plan).toContain("referral_visits_counted_day_idx");
    // Each check reads the day's 4 counted visits (the address's 1 of them), never a flagged one.
    const rowsRead = [
      ...(plans.worst?.plan ?? "").matchAll(/Index (?:Only )?Scan using \w+ on referral_visits \w+ .*?rows=(\d+) loops=1/g),
    ].map((m) => Number(m[1]));
    expect(rowsRead.length).toBeGreaterThan(0);
    expect(Math.max(...rowsRead)).toBeLessThanOrEqual(4);
  });
});
