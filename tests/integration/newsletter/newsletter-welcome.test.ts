import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/newsletter/route";
import { suiteSql } from "../../fixtures/db";
import { campaignPost, freshAddress } from "../campaign/campaign-request";

// The newsletter welcome goes to an inbox once, however its address is spelled: case, "+tags", and
// for Gmail dots and googlemail.com all reach the same inbox (emailIdentity()).
const sql = suiteSql();

const subscribe = (email: string) => POST(campaignPost("/api/newsletter", { email }, freshAddress()));

const welcomesTo = async (emails: string[]) =>
  (
    await sql<{ count: number }[]>`
    select count(*)::int from public.email_outbox where kind = 'newsletter-welcome' and lower(recipient) = any(${emails.map((e) => e.toLowerCase())}::text[])`
  )[0]!.count;

describe("POST /api/newsletter", () => {
  it("welcomes a Gmail inbox once for 12 spellings of its address (+tags, dots, googlemail.com, case)", async () => {
    const name = `reader${randomBytes(4).toString("hex")}`;
    const dotted = `${name.slice(0, 3)}.${name.slice(3)}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name}+news@gmail.com`,
      `${name}+1@gmail.com`,
      `${dotted}@gmail.com`,
      `${dotted}+x@gmail.com`,
      `${name}@googlemail.com`,
      `${dotted}@googlemail.com`,
      `${name}+y@googlemail.com`,
      `${name.toUpperCase()}@GMAIL.COM`,
      `${name.slice(0, 1)}.${name.slice(1)}@gmail.com`,
      `${name.slice(0, 2)}.${name.slice(2, 5)}.${name.slice(5)}@gmail.com`,
      `${name}+z+w@gmail.com`,
    ];
    for (const email of spellings) {
      const answer = await subscribe(email);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ data: { subscribed: true } });
    }
    expect(await welcomesTo(spellings)).toBe(1);
    expect(await sql`select email from public.newsletter_subscribers where email like ${`%${name.slice(3)}%`}`).toHaveLength(1);
  });

  it("welcomes another domain's inbox once for its +tags, and keeps its dots apart", async () => {
    const name = `ann.${randomBytes(4).toString("hex")}`;
    expect((await subscribe(`${name}@example.org`)).status).toBe(200);
    expect((await subscribe(`${name}+promo@example.org`)).status).toBe(200);
    expect((await subscribe(`${name.toUpperCase()}+b@Example.org`)).status).toBe(200);
    expect(await welcomesTo([`${name}@example.org`, `${name}+promo@example.org`, `${name}+b@example.org`])).toBe(1);
    // Outside Gmail a dot can name another mailbox: it is another subscriber.
    const undotted = `${name.replace(".", "")}@example.org`;
    expect((await subscribe(undotted)).status).toBe(200);
    expect(await welcomesTo([undotted])).toBe(1);
  });
});
