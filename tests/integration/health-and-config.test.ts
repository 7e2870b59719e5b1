import { afterAll, describe, expect, it } from "vitest";
import { GET as config } from "@/app/api/config/route";
import { GET as health } from "@/app/api/health/route";
import { closeDb } from "@/server/db/client";

afterAll(async () => {
  await closeDb();
});

describe("GET /api/health", () => {
  it("reports the app and its database as up", async () => {
    const response = await health(new Request("http://localhost:3000/api/health"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.status).toBe("ok");
    expect(body.data.database.status).toBe("ok");
    expect(typeof body.data.database.latencyMs).toBe("number");
  });
});

describe("GET /api/config (D9)", () => {
  it("decides the environment from the site's hostname and serves the site as the backend", async () => {
    const local = await (await config(new Request("http://localhost:3000/api/config"))).json();
    expect(local).toEqual({ data: { environment: "local", api: { baseUrl: "http://localhost:3000" } } });
  });

  it("Host header injection: never echoes the Host a request was sent with", async () => {
    for (const host of ["https://evil.example", "http://glucosechallenge.app"]) {
      const spoofed = await (await config(new Request(`${host}/api/config`, { headers: { host: new URL(host).host } }))).json();
      expect(spoofed).toEqual({ data: { environment: "local", api: { baseUrl: "http://localhost:3000" } } });
    }
  });

  it("honours an asked-for environment and rejects an unknown one", async () => {
    const asked = await (await config(new Request("http://localhost:3000/api/config?environment=production"))).json();
    expect(asked.data.environment).toBe("production");
    const bad = await config(new Request("http://localhost:3000/api/config?environment=staging"));
    expect(bad.status).toBe(422);
  });
});
