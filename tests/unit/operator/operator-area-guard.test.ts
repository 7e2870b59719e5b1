import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

// D17: everything under /operator and /api/operator is refused to anyone but an operator. A new page
// or route there fails this test until it checks, as the others do, on every request.
const ROOT = path.resolve(import.meta.dirname, "../../..");

function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => name.test(path.basename(file)))
    .map((file) => path.join(dir, file));
}

describe("the operator area's guard", () => {
  it("is called first by every page and by the layout under app/operator", () => {
    const files = filesUnder("app/operator", /^(page|layout)\.tsx$/);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      const body = /export default async function \w+\([^)]*\)[^{]*\{\n\s*(.*)\n/.exec(source);
      expect(body?.[1], file).toMatch(/^(const \w+ = )?await requireOperatorPage\(\);$/);
    }
  });

  it("is declared by every route handler under app/api/operator", () => {
    const files = filesUnder("app/api/operator", /^route\.ts$/);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      // A handler's first lines, up to its options' first key, on one line or several.
      const handlers = source.match(/^export const (GET|POST|PUT|PATCH|DELETE) = route\(\s*\{\s*\w+: "?\w*"?/gm) ?? [];
      const declared = source.match(/^export const (GET|POST|PUT|PATCH|DELETE) = /gm) ?? [];
      expect(handlers.length, file).toBe(declared.length);
      expect(handlers.length, file).toBeGreaterThan(0);
      for (const handler of handlers) expect(handler, file).toMatch(/= route\(\s*\{\s*auth: "operator"$/);
      expect(source, file).not.toMatch(/^export (async )?function/m);
    }
  });
});

const notFound = vi.fn(() => {
  throw new Error("NEXT_NOT_FOUND");
});
const currentUser = vi.fn();
const isLiveOperatorSession = vi.fn();
vi.mock("next/navigation", () => ({ notFound }));
vi.mock("@/server/auth/current-user", () => ({ currentUser }));
vi.mock("@/server/db/accounts/operators", () => ({ isLiveOperatorSession }));

describe("requireOperatorPage", () => {
  const operator = { id: "7d2e0b52-4c1a-4f5e-8b0a-5e7f1a2b3c4d", email: "op@example.com", role: "authenticated", sessionId: "s" };

  it("answers 404 to a visitor without asking the database", async () => {
    const { requireOperatorPage } = await import("@/server/operator/operator-page");
    currentUser.mockResolvedValueOnce(null);
    await expect(requireOperatorPage()).rejects.toThrow("NEXT_NOT_FOUND");
    expect(isLiveOperatorSession).not.toHaveBeenCalled();
  });

  it("answers 404 to a member, and lets an operator in, by the database's word on this session", async () => {
    const { requireOperatorPage } = await import("@/server/operator/operator-page");
    currentUser.mockResolvedValue(operator);
    isLiveOperatorSession.mockResolvedValueOnce(false);
    await expect(requireOperatorPage()).rejects.toThrow("NEXT_NOT_FOUND");
    isLiveOperatorSession.mockResolvedValueOnce(true);
    await expect(requireOperatorPage()).resolves.toEqual(operator);
    expect(isLiveOperatorSession).toHaveBeenCalledWith(operator.id, "s");
  });
});
