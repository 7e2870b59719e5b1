import { describe, expect, it } from "vitest";
import { environmentForHostname } from "@/lib/config/environment";

describe("environment by hostname (SPEC §9)", () => {
  it.each(["glucosechallenge.app", "WWW.glucosechallenge.app"])("%s is production", (host) => {
    expect(environmentForHostname(host)).toBe("production");
  });

  it.each(["localhost", "app.localhost", "127.0.0.1", "[::1]", "192.168.1.20", "10.0.0.5", "172.20.1.1"])("%s is local", (host) => {
    expect(environmentForHostname(host)).toBe("local");
  });

  it.each(["preview-42.glucosechallenge-staging.dev", "172.32.0.1", "glucosechallenge.app.evil.example"])("%s is development", (host) => {
    expect(environmentForHostname(host)).toBe("development");
  });
});
