import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkLoginPayload, dataCheckString } from "@/server/telegram/login-widget";
import { signLinkProof, verifyLinkProof } from "@/server/telegram/link-proof";

const TOKEN = "123456:ABCdefGhIJKlmnOPQrsTUVwxyz_0123456";
const now = new Date("2026-12-01T12:00:00Z");
const authDate = Math.floor(now.getTime() / 1000) - 60;

// Telegram's algorithm written out independently: key = SHA-256(token), HMAC-SHA-256 of the sorted lines.
function telegramSigns(fields: Record<string, string | number>): string {
  const lines = Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");
  return createHmac("sha256", createHash("sha256").update(TOKEN).digest()).update(lines).digest("hex");
}

describe("the login widget check (D8)", () => {
  const fields = { id: 42, first_name: "Ada", username: "ada", auth_date: authDate };

  it("builds the data-check string from the sorted fields without the hash", () => {
    expect(dataCheckString({ ...fields, hash: "x" })).toBe(`auth_date=${authDate}\nfirst_name=Ada\nid=42\nusername=ada`);
  });

  it("accepts Telegram's hash and refuses a changed field, another token's hash or a stale date", () => {
    const hash = telegramSigns(fields);
    expect(checkLoginPayload({ ...fields, hash }, TOKEN, now)).toBe("valid");
    expect(checkLoginPayload({ ...fields, hash: hash.toUpperCase() }, TOKEN, now)).toBe("valid");
    expect(checkLoginPayload({ ...fields, first_name: "Eve", hash }, TOKEN, now)).toBe("bad_hash");
    expect(checkLoginPayload({ ...fields, hash }, "654321:another", now)).toBe("bad_hash");
    expect(checkLoginPayload({ ...fields }, TOKEN, now)).toBe("bad_hash");
    const old = { ...fields, auth_date: authDate - 24 * 3600 };
    expect(checkLoginPayload({ ...old, hash: telegramSigns(old) }, TOKEN, now)).toBe("stale");
    const future = { ...fields, auth_date: authDate + 3600 };
    expect(checkLoginPayload({ ...future, hash: telegramSigns(future) }, TOKEN, now)).toBe("stale");
  });
});

describe("the bot's link proof (D8)", () => {
  it("verifies for its id and username until it expires, and for nothing else", () => {
    const proof = signLinkProof("42", TOKEN, now, "ada_l", 60);
    const valid = (id: string, username: string | null, value: string, token: string, at: Date) =>
      verifyLinkProof(id, username, value, token, at) !== null;
    expect(verifyLinkProof("42", "ada_l", proof, TOKEN, now)).toEqual(new Date((Math.floor(now.getTime() / 1000) + 60) * 1000));
    expect(valid("43", "ada_l", proof, TOKEN, now)).toBe(false);
    expect(valid("42", "someone_else", proof, TOKEN, now)).toBe(false);
    expect(valid("42", null, proof, TOKEN, now)).toBe(false);
    expect(valid("42", "ada_l", proof, "654321:another", now)).toBe(false);
    expect(valid("42", "ada_l", proof, TOKEN, new Date(now.getTime() + 61_000))).toBe(false);
    const [expiry, mac] = proof.split(".");
    expect(valid("42", "ada_l", `${Number(expiry) + 3600}.${mac}`, TOKEN, now)).toBe(false);
    expect(valid("42", "ada_l", "not-a-proof", TOKEN, now)).toBe(false);
    expect(valid("42", null, signLinkProof("42", TOKEN, now), TOKEN, now)).toBe(true);
  });
});
