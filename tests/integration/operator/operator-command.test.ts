import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { auditEntriesOf } from "../../fixtures/operators";

// D17: `npm run operator -- grant|revoke EMAIL`, run as package.json spells it, against this run's database.
const sql = suiteSql();
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Node's arguments for the command (`tsx ARGS` is `node --import tsx ARGS`). */
function commandArguments(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const [tsx, ...rest] = scripts.operator!.trim().split(/\s+/);
  if (tsx !== "tsx") throw new Error("the operator command runs through tsx");
  return ["--import", "tsx", ...rest];
}

async function operatorCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...commandArguments(), ...args], {
      cwd: ROOT,
      env: process.env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function member(): Promise<{ id: string; email: string }> {
  const email = uniqueEmail("cli-member");
  const [user] = await sql<{ id: string }[]>`
    insert into auth.users (email, aud, role, email_confirmed_at) values (${email}, 'authenticated', 'authenticated', now()) returning id`;
  return { id: user!.id, email };
}

const userType = async (id: string) =>
  (await sql<{ user_type: string }[]>`select user_type from public.users where id = ${id}`)[0]!.user_type;

describe("npm run operator", () => {
  it("grants the role to an account by email (any case), then revokes it, each change in the audit log", async () => {
    const someone = await member();
    const granted = await operatorCommand("grant", someone.email.toUpperCase());
    expect(granted).toMatchObject({ code: 0, stdout: `${someone.email.toUpperCase()} is now an operator.\n` });
    expect(await userType(someone.id)).toBe("operator");

    const again = await operatorCommand("grant", someone.email);
    expect(again).toMatchObject({ code: 0, stdout: `${someone.email} is already an operator; nothing changed.\n` });

    const revoked = await operatorCommand("revoke", someone.email);
    expect(revoked).toMatchObject({ code: 0, stdout: `${someone.email} is no longer an operator.\n` });
    expect(await userType(someone.id)).toBe("client");

    expect(await auditEntriesOf(sql, someone.id)).toEqual([
      {
        actor_id: null,
        actor: "npm run operator",
        action: "operator.grant",
        subject_type: "user",
        before: { user_type: "client" },
        after: { user_type: "operator" },
      },
      {
        actor_id: null,
        actor: "npm run operator",
        action: "operator.revoke",
        subject_type: "user",
        before: { user_type: "operator" },
        after: { user_type: "client" },
      },
    ]);
  });

  it("fails, changing nothing, for an address without an account, and explains its usage", async () => {
    const entries = async () => (await sql<{ count: number }[]>`select count(*)::int from public.operator_audit_log`)[0]!.count;
    const before = await entries();
    const nobody = await operatorCommand("grant", "nobody-here@example.com");
    expect(nobody.code).toBe(1);
    expect(nobody.stdout).toBe("No account has the email nobody-here@example.com: they sign up first, then are granted.\n");
    expect(await entries()).toBe(before);

    const usage = await operatorCommand("promote", "someone@example.com");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("usage: npm run operator -- grant|revoke someone@example.com");
  });
});
