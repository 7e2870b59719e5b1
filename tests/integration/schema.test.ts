import { afterAll, describe, expect, it } from "vitest";
import { seed } from "../../scripts/migrate";
import { actAsApiRole, testSql } from "../fixtures/db";

const sql = testSql();

afterAll(async () => {
  await sql.end();
});

const cohort = (overrides: Record<string, unknown> = {}) => ({
  cohort_name: "Test cohort",
  participant_cap: 10,
  ...overrides,
});

async function insertCohort(values: Record<string, unknown>) {
  return sql`insert into cohorts ${sql(values)} returning id`;
}

describe("database schema", () => {
  it("has Supabase's roles, auth.users and auth.uid()", async () => {
    const roles = await sql<{ rolname: string }[]>`select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role')`;
    expect(roles).toHaveLength(3);
    const [row] = await sql`select auth.uid() as uid, to_regclass('auth.users') as users`;
    expect(row).toEqual({ uid: null, users: "auth.users" });
  });

  it("lets the anonymous role read cohorts but not subscribers", async () => {
    await sql.begin(async (tx) => {
      await actAsApiRole(tx, { role: "anon" });
      await tx`select count(*) from cohorts`;
    });
    await expect(
      sql.begin(async (tx) => {
        await actAsApiRole(tx, { role: "anon" });
        await tx`select count(*) from newsletter_subscribers`;
      }),
    ).rejects.toThrow(/permission denied/);
  });

  it.each([
    ["more prospective participants than seats", { prospective_participant_count: 11 }],
    ["more participants than seats", { participant_count: 11 }],
    ["a negative count", { participant_count: -1 }],
    ["an unknown status", { status: "cancelled" }],
    ["an end before the start", { start_cohort_date: "2027-01-10", end_cohort_date: "2027-01-01" }],
    ["an end without a start", { end_cohort_date: "2027-01-01" }],
    ["a zero-day programme", { duration_days: 0 }],
    ["a malformed language", { language: "English" }],
  ])("refuses a cohort with %s", async (_label, overrides) => {
    await expect(insertCohort(cohort(overrides))).rejects.toThrow(/violates check constraint/);
  });

  it("stores one subscriber per address", async () => {
    await sql`insert into newsletter_subscribers (email) values ('dup@example.com')`;
    await expect(sql`insert into newsletter_subscribers (email) values ('dup@example.com')`).rejects.toThrow(/duplicate key/);
    await expect(sql`insert into newsletter_subscribers (email) values ('Upper@Example.com')`).rejects.toThrow(/check constraint/);
    await sql`delete from newsletter_subscribers`;
  });
});

describe("seed data", () => {
  it("loads upcoming cohorts over this month and the next three, incl. a full one, one past 90% and one without dates", async () => {
    await seed(sql);
    await seed(sql); // idempotent
    const rows = await sql<
      { start: Date | null; cap: number; prospective: number; status: string }[]
    >`select start_cohort_date as start, participant_cap as cap, prospective_participant_count as prospective, status
      from cohorts where status = 'upcoming' and id::text like '0c0a0000-%'`;
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.some((r) => r.prospective >= r.cap)).toBe(true);
    expect(rows.some((r) => r.prospective < r.cap && r.prospective / r.cap >= 0.9)).toBe(true);
    expect(rows.some((r) => r.start === null)).toBe(true);
    const now = new Date();
    const monthsAhead = new Set(
      rows
        .filter((r): r is typeof r & { start: Date } => r.start !== null)
        .map((r) => (r.start.getUTCFullYear() - now.getUTCFullYear()) * 12 + r.start.getUTCMonth() - now.getUTCMonth()),
    );
    expect([...monthsAhead].every((m) => m >= 0 && m <= 3)).toBe(true);
    expect(monthsAhead.size).toBeGreaterThanOrEqual(3);
    for (const r of rows) if (r.start) expect(r.start.getTime()).toBeGreaterThan(now.getTime());
  });
});

describe("public.users", () => {
  it("gets a row when Supabase Auth creates a user with an email, and none for an anonymous user", async () => {
    const [user] = await sql<
      { id: string }[]
    >`insert into auth.users (email, aud, role) values ('New.Member@Example.com', 'authenticated', 'authenticated') returning id`;
    const [anonymous] = await sql<{ id: string }[]>`insert into auth.users (is_anonymous) values (true) returning id`;
    const rows = await sql`select id, email, user_type, botsetup_completed from public.users where id in (${user!.id}, ${anonymous!.id})`;
    expect(rows).toEqual([{ id: user!.id, email: "new.member@example.com", user_type: "client", botsetup_completed: false }]);

    await sql`update auth.users set email = 'later@example.com' where id = ${anonymous!.id}`;
    const [later] = await sql`select email from public.users where id = ${anonymous!.id}`;
    expect(later).toEqual({ email: "later@example.com" });

    await sql`delete from auth.users where id in (${user!.id}, ${anonymous!.id})`;
    expect(await sql`select 1 from public.users where id in (${user!.id}, ${anonymous!.id})`).toHaveLength(0);
  });

  it("lets a member read only their own row", async () => {
    const [a] = await sql<{ id: string }[]>`insert into auth.users (email) values ('a-rls@example.com') returning id`;
    const [b] = await sql<{ id: string }[]>`insert into auth.users (email) values ('b-rls@example.com') returning id`;
    const seen = await sql.begin(async (tx) => {
      await actAsApiRole(tx, { role: "authenticated", sub: a!.id });
      return tx<{ email: string }[]>`select email from public.users`;
    });
    expect(seen.map((r) => r.email)).toEqual(["a-rls@example.com"]);
    await sql`delete from auth.users where id in (${a!.id}, ${b!.id})`;
  });
});
