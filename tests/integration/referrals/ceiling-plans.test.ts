import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { logSize, planStatements, readStatements } from "../../../bench/plans";
import { suiteSql } from "../../fixtures/db";
import { arrangeAffiliate } from "../../fixtures/operator-affiliates";

// Issue 29: the daily ceilings count only the day's counted visits and leads, through partial
// indexes, so a visit costs the same however many flagged visits an attack added that day.
const dir = mkdtempSync(path.join(os.tmpdir(), "ceiling-plans-"));
const logPath = path.join(dir, "statements.jsonl");
process.env.DATABASE_STATEMENT_LOG = logPath;
const { insertVisit } = await import("@/server/db/referrals-touches");
const sql = suiteSql();

afterAll(() => {
  delete process.env.DATABASE_STATEMENT_LOG;
  rmSync(dir, { recursive: true, force: true });
});

describe("a referral visit's ceiling checks", () => {
  it("read only the day's counted visits, not the 20,000 flagged ones", async () => {
    const affiliate = await arrangeAffiliate(sql, `ceiling.${Date.now()}@example.com`);
    await sql`
      insert into referral_visits (affiliate_user_id, visitor_id, client_key, flagged_reason)
      select ${affiliate.id}, gen_random_uuid(), md5('attacker-' || (n % 50)), 'affiliate_daily_ceiling' from generate_series(1, 20000) n`;
    await sql`
      insert into referral_visits (affiliate_user_id, visitor_id, client_key)
      select ${affiliate.id}, gen_random_uuid(), md5('reader-' || n) from generate_series(1, 3) n`;
    await sql`analyze referral_visits`;

    const from = logSize(logPath);
    const stored = await insertVisit({ affiliateUserId: affiliate.id, visitorId: crypto.randomUUID(), clientKey: createHash("md5").update("reader-1").digest("hex"), perAddress: 5, perAffiliate: 500 });
    expect(stored).toEqual({ flaggedReason: null });
    const logged = readStatements(logPath, from).filter((s) => s.query.includes("insert into public.referral_visits"));
    expect(logged).toHaveLength(1);

    const plans = await planStatements(sql, logged);
    expect(plans.unexplained).toBe(0);
    expect(plans.seqScans).toEqual([]);
    expect(plans.worst?.plan).toContain("referral_visits_counted_day_idx");
    // Each check reads the day's 4 counted visits (the address's 1 of them), never a flagged one.
    const rowsRead = [...(plans.worst?.plan ?? "").matchAll(/Index (?:Only )?Scan using \w+ on referral_visits \w+ .*?rows=(\d+) loops=1/g)].map((m) => Number(m[1]));
    expect(rowsRead.length).toBeGreaterThan(0);
    expect(Math.max(...rowsRead)).toBeLessThanOrEqual(4);
  });
});
