import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";

// Every route under app/api answers through route() (server/http/route.ts), which requires a
// declared answer: a JSON route names the schema its `data` is shaped with, and the routes that do
// not answer JSON are listed here with what they answer instead.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const API = path.join(ROOT, "app/api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The routes whose answer is not `{ data }` JSON, by path under app/api and method. */
const NOT_JSON: Record<string, "image" | "csv" | "video" | "redirect"> = {
  "GET campaign/pledges/[number]/card": "image",
  "GET operator/campaign/stories/[id]/video": "video",
  "GET operator/audit.csv": "csv",
  "GET operator/orders.csv": "csv",
  "GET operator/cohorts/[id]/participants.csv": "csv",
  "GET social-posts/cards/[key]": "image",
  "GET telegram/qr/[token]": "redirect",
};

/**
 * The one route not built by route(): the load bench's floor, the trivial handler the other public
 * reads are measured against (bench/goals.ts), so the wrapper's own cost shows in their ratios.
 */
const WITHOUT_WRAPPER = ["GET ping"];

const routeFiles = readdirSync(API, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.dirname(file).split(path.sep).join("/"))
  .sort();

async function handlersOf(route: string): Promise<[string, unknown][]> {
  const exported: Record<string, unknown> = await import(path.join(API, route, "route.ts"));
  return METHODS.filter((method) => method in exported).map((method) => [`${method} ${route}`, exported[method]]);
}

const declaredAnswer = (handler: unknown): unknown =>
  typeof handler === "function" && "response" in handler ? handler.response : undefined;

describe("every API route declares its answer", { timeout: 120_000 }, () => {
  it("finds the route modules", () => {
    expect(routeFiles.length).toBeGreaterThan(40);
    expect(routeFiles).toContain("referral/visit");
  });

  it.each(routeFiles)("app/api/%s/route.ts", async (route) => {
    const handlers = await handlersOf(route);
    expect(handlers.length, "exports no HTTP method").toBeGreaterThan(0);
    for (const [name, handler] of handlers) {
      if (WITHOUT_WRAPPER.includes(name)) {
        expect(declaredAnswer(handler), `${name} is listed as not built by route()`).toBeUndefined();
        continue;
      }
      const answer = declaredAnswer(handler);
      expect(answer, `${name} is not built by route()`).toBeDefined();
      if (typeof answer === "string") {
        expect(answer, `${name} answers ${answer}: list it in NOT_JSON`).toBe(NOT_JSON[name]);
      } else {
        expect(NOT_JSON[name], `${name} is listed as ${NOT_JSON[name]} but answers JSON`).toBeUndefined();
        expect(answer, `${name}: a JSON route's schema`).toBeInstanceOf(z.core.$ZodType);
        expect(
          answer instanceof z.core.$ZodUnknown || answer instanceof z.core.$ZodAny,
          `${name} declares a schema that lets anything out`,
        ).toBe(false);
      }
    }
  });

  it("lists no route that is gone", async () => {
    const present = new Set((await Promise.all(routeFiles.map(handlersOf))).flat().map(([name]) => name));
    for (const name of [...Object.keys(NOT_JSON), ...WITHOUT_WRAPPER]) expect(present, name).toContain(name);
  });
});
