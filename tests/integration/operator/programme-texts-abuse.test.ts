import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/operator/programme/texts/route";
import { DELETE as resetRoute, POST as saveRoute } from "@/app/api/operator/programme/texts/[key]/route";
import { SITE, signedInMember } from "../../fixtures/payments";
import { suiteSql } from "../../fixtures/db";
import { callRoute, signedInOperator } from "../../fixtures/operators";

// What the programme says reaches every member: only an operator may read or change it, and no
// input can store a text the sender could not fill, or one that is not text at all.

const sql = suiteSql();
const operator = await signedInOperator("programme-guard");
const member = await signedInMember("programme-member");

const auditCount = async () =>
  (await sql<{ n: number }[]>`select count(*)::int as n from public.operator_audit_log where subject_type = 'programme_text'`)[0]!.n;
const auditBefore = await auditCount();

const path = (key: string) => `/api/operator/programme/texts/${encodeURIComponent(key)}`;
const save = (key: string, body: unknown, token?: string) =>
  callRoute(saveRoute, path(key), { method: "POST", token, body, params: { key } });

async function nothingChanged() {
  expect(await sql`select key from public.programme_texts`).toEqual([]);
  expect(await auditCount()).toBe(auditBefore);
}

describe("the programme texts' guard", () => {
  it("refuses a visitor, a member and a made-up token alike (403), reading and changing nothing", async () => {
    for (const token of [undefined, member.token, "not-a-token"]) {
      expect((await callRoute(listRoute, "/api/operator/programme/texts", { token })).status).toBe(403);
      const saved = await save("morning", { body: "Changed by {name}" }, token);
      expect(saved.status).toBe(403);
      expect(saved.body).toMatchObject({ code: "forbidden", error: "This is for operators only." });
      expect((await callRoute(resetRoute, path("morning"), { method: "DELETE", token, params: { key: "morning" } })).status).toBe(403);
    }
    await nothingChanged();
  });

  it("refuses from another site a write that carries the operator's cookies (403)", async () => {
    const answer = await saveRoute(
      new Request(`${SITE}${path("morning")}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example", cookie: "sb-access-token=x" },
        body: JSON.stringify({ body: "Hi" }),
      }),
      { params: Promise.resolve({ key: "morning" }) },
    );
    expect(answer.status).toBe(403);
    await nothingChanged();
  });

  it("refuses a key outside the list, an unknown placeholder, NUL bytes and lone surrogates (422 with a message), never a 500", async () => {
    const refused: [string, unknown][] = [
      ["password", { body: "Hi" }],
      ["day-15", { body: "Hi" }],
      ["day-0", { body: "Hi" }],
      ["__proto__", { body: "Hi" }],
      ["constructor", { body: "Hi" }],
      ["morning\u0000", { body: "Hi" }],
      ["morning", { body: "Hello {name}, {referral_url}" }],
      ["morning", { body: "{Name} {name}" }],
      ["morning", { body: "Hi { name }" }],
      ["morning", { body: "Hi\u0000there" }],
      ["morning", { body: "Hi \ud800 there" }],
      ["morning", { body: "Hi \udc00 there" }],
      ["morning", { "body\u0000": "Hi" }],
      ["morning", { body: ["Hi"] }],
    ];
    for (const [key, body] of refused) {
      const answer = await save(key, body, operator.token);
      expect(answer.status, `${JSON.stringify(key)} ${JSON.stringify(body)}`).toBe(422);
      expect(answer.body!.error).toMatch(/is not valid/);
      expect(answer.body!.details).toEqual(expect.arrayContaining([expect.objectContaining({ message: expect.any(String) })]));
    }
    const unknownReset = await callRoute(resetRoute, path("password"), {
      method: "DELETE",
      token: operator.token,
      params: { key: "password" },
    });
    expect(unknownReset.status).toBe(422);
    expect(JSON.stringify(unknownReset.body)).toContain("There is no programme text with this name.");
    await nothingChanged();
  });

  it("refuses a body past the route's size and a body that is not JSON, storing nothing", async () => {
    expect((await save("morning", { body: "x".repeat(20_000) }, operator.token)).status).toBe(413);
    const notJson = await saveRoute(
      new Request(`${SITE}${path("morning")}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${operator.token}` },
        body: "{body:",
      }),
      { params: Promise.resolve({ key: "morning" }) },
    );
    expect(notJson.status).toBe(400);
    await nothingChanged();
  });
});
