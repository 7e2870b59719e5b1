import { describe, expect, it } from "vitest";
import { POST as signOut } from "@/app/api/auth/sign-out/route";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieName } from "@/lib/auth/session-cookie";

const cookie = `${sessionCookieName(publicEnv.supabaseUrl)}=base64-${Buffer.from(JSON.stringify({ access_token: "a.b.c" })).toString("base64url")}`;

describe("POST /api/auth/sign-out", () => {
  it("sign-out CSRF: a form posted from another site is refused with 403 and signs nobody out", async () => {
    const forgeries: Record<string, string>[] = [
      { origin: "https://evil.example", cookie },
      { "sec-fetch-site": "cross-site", cookie },
      { cookie },
    ];
    for (const headers of forgeries) {
      const response = await signOut(new Request(`${publicEnv.siteUrl}/api/auth/sign-out`, { method: "POST", headers }));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "This request must come from the site itself.", code: "origin_mismatch" });
    }
  });
});
