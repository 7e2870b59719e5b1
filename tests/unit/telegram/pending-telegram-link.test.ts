// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { rememberPendingTelegramId, rememberPendingTelegramProof, takePendingTelegramLink } from "@/components/auth/pending-telegram-id";
import { storageKeys } from "@/lib/storage-keys";

const PROOF = `1999999999.${"a".repeat(43)}`;

describe("the pending Telegram link (D8)", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the bot's proof with the id and hands both over once", () => {
    rememberPendingTelegramId("42");
    rememberPendingTelegramProof(`?telegram_id=42&telegram_proof=${PROOF}`);
    expect(takePendingTelegramLink()).toEqual({ telegramId: "42", proof: PROOF });
    expect(takePendingTelegramLink()).toBeNull();
    expect(localStorage.getItem(storageKeys.pendingTelegramProof)).toBeNull();
  });

  it("has nothing to link with a bare id or a proof of another shape", () => {
    rememberPendingTelegramId("42");
    expect(takePendingTelegramLink()).toBeNull();
    rememberPendingTelegramId("42");
    rememberPendingTelegramProof("?telegram_proof=<script>");
    expect(localStorage.getItem(storageKeys.pendingTelegramProof)).toBeNull();
    expect(takePendingTelegramLink()).toBeNull();
  });
});
