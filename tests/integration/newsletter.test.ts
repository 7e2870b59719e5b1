import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/newsletter/route";
import { closeDb } from "@/server/db/client";
import { testSql } from "../fixtures/db";
import { inboxFor, waitForMail } from "../fixtures/inbox";
import { jobsSettled } from "../fixtures/jobs";

const sql = testSql();

function subscribe(body: unknown, init: RequestInit = {}) {
  return POST(
    new Request("http://localhost:3000/api/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    }),
  );
}

async function rowsFor(email: string) {
  return sql<{ email: string; source: string }[]>`select email, source from newsletter_subscribers where email = ${email}`;
}

beforeEach(async () => {
  await sql`delete from newsletter_subscribers`;
});

afterAll(async () => {
  await closeDb();
  await sql.end();
});

describe("POST /api/newsletter", () => {
  it("stores a new subscriber and sends one welcome email", async () => {
    const response = await subscribe({ email: "Maya.R@Example.com" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { subscribed: true } });
    expect(await rowsFor("maya.r@example.com")).toEqual([{ email: "maya.r@example.com", source: "footer" }]);
    const mail = await waitForMail("maya.r@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("You're on the Glucose Challenge list");
    expect(mail[0]?.links).toContain("http://localhost:3000/how-it-works");
  });

  it("treats a repeated address as success without a second row or a second email", async () => {
    await subscribe({ email: "daniel@example.com" });
    await waitForMail("daniel@example.com");
    const again = await subscribe({ email: "  DANIEL@example.com " });
    expect(again.status).toBe(200);
    expect(await rowsFor("daniel@example.com")).toHaveLength(1);
    // Every email those requests queued has been sent (or failed): none is still on its way.
    await jobsSettled(sql);
    expect(await inboxFor("daniel@example.com")).toHaveLength(1);
  });

  it.each([
    [{ email: "" }, "Please enter your email address."],
    [{ email: "not-an-email" }, "Please enter a valid email address."],
    [{}, "Please enter your email address."],
    [{ email: 42 }, "Please enter your email address."],
  ])("answers %j with 422 and the field's message, storing nothing", async (body, message) => {
    const response = await subscribe(body);
    expect(response.status).toBe(422);
    const json = await response.json();
    expect(json.code).toBe("validation_failed");
    expect(json.details).toEqual([{ path: "email", message }]);
    expect((await sql`select count(*)::int as n from newsletter_subscribers`)[0]?.n).toBe(0);
  });

  it("answers malformed JSON with 400", async () => {
    const response = await subscribe("{ email: ");
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_json");
  });

  it("answers a form post with 415", async () => {
    const response = await subscribe("email=a%40example.com", { headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(415);
  });

  it("answers an unknown source with 422", async () => {
    const response = await subscribe({ email: "a@example.com", source: "<script>" });
    expect(response.status).toBe(422);
    expect((await response.json()).details[0].path).toBe("source");
  });
});
