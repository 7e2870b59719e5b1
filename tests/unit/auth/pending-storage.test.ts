// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";

import { parseTelegramId, rememberPendingTelegramId } from "@/components/auth/pending-telegram-id";
import { storageKeys } from "@/lib/storage-keys";

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

describe("the pending messaging-app id", () => {
  it("accepts only digits", () => {
    expect(parseTelegramId("123456789")).toBe("123456789");
    expect(parseTelegramId("12a")).toBeNull();
    expect(parseTelegramId("-100")).toBeNull();
    expect(parseTelegramId(" 12")).toBeNull();
    expect(parseTelegramId("")).toBeNull();
    expect(parseTelegramId("1".repeat(21))).toBeNull();
    expect(parseTelegramId(undefined)).toBeNull();
  });

  it("is stored under the pending telegram id key", () => {
    rememberPendingTelegramId("42");
    expect(localStorage.getItem(storageKeys.pendingTelegramId)).toBe("42");
  });
});
