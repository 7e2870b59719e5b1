import { createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { sendOutboxEmail } from "@/server/email/outbox-send";
import { serverEnv } from "@/server/env";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";

// A mail server that accepts the connection and never says hello. The app reads SMTP_URL
// once per process, before this file's job workers start (beforeAll): here it is that server.
const held: Socket[] = [];
const silentSmtp = createServer((socket) => held.push(socket));
await new Promise<void>((resolve) => silentSmtp.listen(0, "127.0.0.1", resolve));
const address = silentSmtp.address();
process.env.SMTP_URL = `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

const sql = suiteSql();

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silentSmtp.close(resolve));
});

type OutboxState = { status: string; attempts: number; last_error: string | null };

/** An outbox row with no job behind it: the test is the only one that sends it. */
async function outboxRow(): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.email_outbox (kind, recipient, data) values ('newsletter-welcome', ${uniqueEmail("silent-smtp")}, '{}'::jsonb)
    returning id`;
  return row!.id;
}

async function stateOf(id: string): Promise<OutboxState> {
  const [row] = await sql<OutboxState[]>`select status, attempts, last_error from public.email_outbox where id = ${id}`;
  return row!;
}

describe("sending while the mail server never greets", () => {
  it("fails the attempt and records why on the outbox row, queued for the next attempt", async () => {
    expect(serverEnv().SMTP_URL).toBe(process.env.SMTP_URL);
    const id = await outboxRow();
    await expect(sendOutboxEmail(id, { id: "first", retryCount: 0, retryLimit: 8, isLastAttempt: false })).rejects.toThrow(/greeting/i);
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: "queued", attempts: 1 });
    expect(state.last_error).toMatch(/greeting never received/i);
  });

  it("marks the row failed when that was its last attempt", async () => {
    const id = await outboxRow();
    await expect(sendOutboxEmail(id, { id: "last", retryCount: 8, retryLimit: 8, isLastAttempt: true })).rejects.toThrow(/greeting/i);
    expect(await stateOf(id)).toMatchObject({ status: "failed", attempts: 1 });
  });
});
