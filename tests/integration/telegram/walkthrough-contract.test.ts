import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The walkthrough's browser calls, as shipped, against the real routes (only the token reader is replaced).
const session = vi.hoisted(() => ({ token: null as string | null }));
vi.mock("@/components/api/access-token", () => ({ readAccessToken: async () => session.token }));

import { GET as getBotSetup, POST as saveBotSetupRoute } from "@/app/api/users/me/bot-setup/route";
import { POST as qrLink } from "@/app/api/telegram/qr-link/route";
import { GET as qrStatus } from "@/app/api/telegram/qr-link/status/route";
import { POST as startLink } from "@/app/api/telegram/start-link/route";
import { GET as storyPost } from "@/app/api/users/me/story-post/route";
import {
  fetchBotSetup,
  fetchQrStatus,
  fetchStoryPostLink,
  requestQrLink,
  requestStartLink,
  saveBotSetup,
} from "@/components/dashboard/bot-setup/bot-setup-api";
import { suiteSql } from "../../fixtures/db";
import { signedInMember } from "../../fixtures/payments";
import { SITE, suiteTelegram } from "../../fixtures/telegram";

suiteSql();
await suiteTelegram();

type Handler = (request: Request) => Promise<Response>;
const ROUTES: [string, string, Handler][] = [
  ["GET", "/api/users/me/bot-setup", getBotSetup],
  ["POST", "/api/users/me/bot-setup", saveBotSetupRoute],
  ["POST", "/api/telegram/start-link", startLink],
  ["POST", "/api/telegram/qr-link", qrLink],
  ["GET", "/api/telegram/qr-link/status", qrStatus],
  ["GET", "/api/users/me/story-post", storyPost],
];

const networkFetch = globalThis.fetch;
let address = 0;
async function serveFromRoutes(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (typeof input !== "string" || !input.startsWith("/api/")) return networkFetch(input, init);
  const headers = new Headers(init?.headers);
  headers.set("x-real-ip", `198.19.0.${++address % 250}`);
  headers.set("origin", SITE);
  const request = new Request(new URL(input, SITE), { ...init, headers });
  const route = ROUTES.find(([method, path]) => method === request.method && path === new URL(request.url).pathname);
  return route ? route[2](request) : new Response("not found", { status: 404 });
}

beforeEach(() => vi.stubGlobal("fetch", serveFromRoutes));
afterEach(() => {
  vi.unstubAllGlobals();
  session.token = null;
});

describe("the walkthrough's calls", () => {
  it("read and save progress, and issue the bot and QR links, with the member's token", async () => {
    const member = await signedInMember("contract");
    session.token = member.token;
    expect(await fetchBotSetup()).toMatchObject({ currentStep: 0, completedSteps: [], telegramLinked: false, completed: false });
    expect(await saveBotSetup({ currentStep: 1, completedSteps: [0] })).toMatchObject({ currentStep: 1, completedSteps: [0] });
    const start = await requestStartLink();
    expect(new URL(start.url).searchParams.get("start")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const qr = await requestQrLink();
    expect(await fetchQrStatus(qr.id)).toEqual({ scanned: false });
    expect(await fetchStoryPostLink()).toEqual({ editLink: null });
  });

  it("say 'No authentication token available' without a session", async () => {
    await expect(fetchBotSetup()).rejects.toThrow("No authentication token available");
    await expect(requestStartLink()).rejects.toThrow("No authentication token available");
    await expect(fetchStoryPostLink()).rejects.toThrow("No authentication token available");
  });
});
