import { describe, expect, it } from "vitest";
import { pointsAtStandIn } from "../../../local/config";

describe("which services the launcher replaces with stand-ins", () => {
  it("starts a stand-in while the service URL is unset or points at the stand-in's loopback port", () => {
    expect(pointsAtStandIn(undefined, 54322)).toBe(true);
    expect(pointsAtStandIn("postgres://postgres:postgres@127.0.0.1:54322/postgres", 54322)).toBe(true);
    expect(pointsAtStandIn("postgres://postgres@localhost:54322/postgres", 54322)).toBe(true);
    expect(pointsAtStandIn("smtp://[::1]:54325", 54325)).toBe(true);
  });

  it("starts none for a real service, even one on this machine", () => {
    expect(pointsAtStandIn("postgres://postgres@127.0.0.1:5432/postgres", 54322)).toBe(false);
    expect(pointsAtStandIn("postgres://user:pw@db.example.supabase.co:5432/postgres", 54322)).toBe(false);
    expect(pointsAtStandIn("smtps://user:pw@smtp.example.com:465", 54325)).toBe(false);
  });

  it("starts none for a value it cannot parse (the app then reports the bad value itself)", () => {
    expect(pointsAtStandIn("not a url", 54322)).toBe(false);
  });
});
