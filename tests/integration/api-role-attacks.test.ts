import type { TransactionSql } from "postgres";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../fixtures/auth-client";
import { actAsApiRole, suiteSql, type ApiClaims } from "../fixtures/db";
import { createCohort, insertPaidOrder } from "../fixtures/payments";

// What a browser can do with the Data API (/rest/v1) of the Supabase project: the anon key is public
// and every member holds an access token, so these roles get only what RLS and the grants allow.
const sql = suiteSql();

async function createMember(label: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(label);
  const [user] = await sql<{ id: string }[]>`
    insert into auth.users (email, aud, role, email_confirmed_at) values (${email}, 'authenticated', 'authenticated', now()) returning id`;
  return { id: user!.id, email };
}

async function memberRow(id: string) {
  const [row] = await sql<{ email: string; user_type: string; botsetup_completed: boolean }[]>`
    select email, user_type, botsetup_completed from public.users where id = ${id}`;
  return row;
}

describe("claiming another buyer's purchase through /rest/v1/rpc/claim_paid_orders", () => {
  async function guestPurchase() {
    const email = uniqueEmail("guest-buyer");
    const orderId = await insertPaidOrder(sql, { userId: null, email, cohortId: await createCohort(sql), seated: true });
    return { email, orderId };
  }

  async function orderOwner(orderId: string) {
    const [order] = await sql<{ user_id: string | null }[]>`select user_id from public.orders where id = ${orderId}`;
    return order!.user_id;
  }

  it("is refused to a visitor holding only the anon key", async () => {
    const attacker = await createMember("anon-claimer");
    const purchase = await guestPurchase();
    await expect(
      sql.begin(async (tx) => {
        await actAsApiRole(tx, { role: "anon" });
        await tx`select public.claim_paid_orders(${attacker.id}, ${purchase.email})`;
      }),
    ).rejects.toThrow(/permission denied for function claim_paid_orders/);
    expect(await orderOwner(purchase.orderId)).toBeNull();
  });

  it("is refused to a signed-in member", async () => {
    const attacker = await createMember("member-claimer");
    const purchase = await guestPurchase();
    await expect(
      sql.begin(async (tx) => {
        await actAsApiRole(tx, { role: "authenticated", sub: attacker.id });
        await tx`select public.claim_paid_orders(${attacker.id}, ${purchase.email})`;
      }),
    ).rejects.toThrow(/permission denied for function claim_paid_orders/);
    expect(await orderOwner(purchase.orderId)).toBeNull();
  });
});

describe("a member editing public.users through /rest/v1/users", () => {
  it.each([
    ["their own user_type", "user_type", "admin"],
    ["their own email", "email", "someone-else@example.com"],
    ["their own id", "id", "00000000-0000-4000-8000-000000000000"],
  ])("is refused when changing %s", async (_label, column, value) => {
    const member = await createMember("self-promoter");
    const before = await memberRow(member.id);
    await expect(
      sql.begin(async (tx) => {
        await actAsApiRole(tx, { role: "authenticated", sub: member.id });
        await tx`update public.users set ${tx({ [column]: value })} where id = ${member.id}`;
      }),
    ).rejects.toThrow(/permission denied for table users/);
    expect(await memberRow(member.id)).toEqual(before);
  });

  it("cannot mark Telegram linked, or change the walkthrough at all, through the Data API", async () => {
    const member = await createMember("fake-link");
    const [before] = await sql`select botsetup_completed, botsetup_step from public.users where id = ${member.id}`;
    const forged = { currentStep: 3, completedSteps: [0, 1, 2, 3], telegramLinked: true, telegramUsername: "admin" };
    await expect(
      sql.begin(async (tx) => {
        await actAsApiRole(tx, { role: "authenticated", sub: member.id });
        await tx`update public.users set botsetup_completed = true, botsetup_step = ${tx.json(forged)} where id = ${member.id}`;
      }),
    ).rejects.toThrow(/permission denied for table users/);
    const [after] = await sql`select botsetup_completed, botsetup_step from public.users where id = ${member.id}`;
    expect(after).toEqual(before);
  });

  it("cannot update another member's bot set-up", async () => {
    const member = await createMember("nosy");
    const other = await createMember("other-member");
    await expect(
      sql.begin(async (tx) => {
        await actAsApiRole(tx, { role: "authenticated", sub: member.id });
        await tx`update public.users set botsetup_completed = true where id = ${other.id}`;
      }),
    ).rejects.toThrow(/permission denied for table users/);
    expect(await memberRow(other.id)).toMatchObject({ botsetup_completed: false });
  });

  it("still cannot change their user_type if a table-wide UPDATE grant comes back", async () => {
    const member = await createMember("regranted");
    await expect(
      sql.begin(async (tx) => {
        await tx`grant update on public.users to authenticated`;
        await actAsApiRole(tx, { role: "authenticated", sub: member.id });
        await tx`update public.users set user_type = 'admin' where id = ${member.id}`;
      }),
    ).rejects.toThrow(/Only the bot set-up of an account can be changed by its member/);
    expect(await memberRow(member.id)).toMatchObject({ user_type: "client" });
  });
});

describe("operator-only changes through the Data API (D17)", () => {
  async function asApiRole(claims: ApiClaims, work: (tx: TransactionSql) => Promise<unknown>): Promise<unknown> {
    let result: unknown;
    await sql.begin(async (tx) => {
      await actAsApiRole(tx, claims);
      result = await work(tx);
    });
    return result;
  }

  it("refuses a member's and a visitor's writes to the audit log, and their reads of it", async () => {
    const member = await createMember("audit-forger");
    for (const claims of [{ role: "authenticated" as const, sub: member.id }, { role: "anon" as const }]) {
      await expect(
        asApiRole(
          claims,
          (tx) => tx`
          insert into public.operator_audit_log (actor, action, subject_type, subject_id) values ('forged', 'cohort.edit', 'cohort', 'x')`,
        ),
      ).rejects.toThrow(/permission denied for table operator_audit_log/);
      await expect(asApiRole(claims, (tx) => tx`select * from public.operator_audit_log`)).rejects.toThrow(
        /permission denied for table operator_audit_log/,
      );
    }
    const [forged] = await sql<{ count: number }[]>`select count(*)::int from public.operator_audit_log where actor = 'forged'`;
    expect(forged!.count).toBe(0);
  });

  it("refuses a member's creation, edit and closing of a cohort", async () => {
    const member = await createMember("cohort-forger");
    const cohortId = await createCohort(sql, { cap: 10 });
    const claims = { role: "authenticated" as const, sub: member.id };
    await expect(
      asApiRole(claims, (tx) => tx`insert into public.cohorts (cohort_name, participant_cap) values ('Forged cohort', 10)`),
    ).rejects.toThrow(/permission denied for table cohorts/);
    await expect(asApiRole(claims, (tx) => tx`update public.cohorts set participant_cap = 10000 where id = ${cohortId}`)).rejects.toThrow(
      /permission denied for table cohorts/,
    );
    await expect(asApiRole(claims, (tx) => tx`update public.cohorts set closed_at = now() where id = ${cohortId}`)).rejects.toThrow(
      /permission denied for table cohorts/,
    );
    const [cohort] = await sql<
      { participant_cap: number; closed_at: Date | null }[]
    >`select participant_cap, closed_at from public.cohorts where id = ${cohortId}`;
    expect(cohort).toEqual({ participant_cap: 10, closed_at: null });
  });

  it("does not show a member their own user_type, so an operator cannot be told apart (SPEC §6)", async () => {
    const member = await createMember("type-reader");
    const claims = { role: "authenticated" as const, sub: member.id };
    await expect(asApiRole(claims, (tx) => tx`select user_type from public.users where id = ${member.id}`)).rejects.toThrow(
      /permission denied for table users/,
    );
    const rows = await asApiRole(claims, (tx) => tx`select id, email, botsetup_completed from public.users`);
    expect(rows).toEqual([{ id: member.id, email: member.email, botsetup_completed: false }]);
  });
});
