// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  forgetPendingTelegramLink,
  readPendingTelegramLink,
  rememberPendingTelegramId,
  rememberPendingTelegramProof,
} from "@/components/auth/pending-telegram-id";
import { storageKeys } from "@/lib/storage-keys";

const PROOF = `1999999999.${"a".repeat(43)}`;

describe("the pending Telegram link (D8)", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the bot's proof and signed username with the id until the member answers", () => {
    rememberPendingTelegramId("42");
    rememberPendingTelegramProof(`?telegram_id=42&telegram_username=ada_l&telegram_proof=${PROOF}`);
    expect(readPendingTelegramLink()).toEqual({ telegramId: "42", proof: PROOF, username: "ada_l" });
    expect(readPendingTelegramLink()).toEqual({ telegramId: "42", proof: PROOF, username: "ada_l" });
    forgetPendingTelegramLink();
    expect(readPendingTelegramLink()).toBeNull();
    expect(localStorage.getItem(storageKeys.pendingTelegramProof)).toBeNull();
    expect(localStorage.getItem(storageKeys.pendingTelegramUsername)).toBeNull();
  });

  it("keeps no username of another shape", () => {
    rememberPendingTelegramId("42");
    rememberPendingTelegramProof(`?telegram_id=42&telegram_username=${encodeURIComponent("<b>admin</b>")}&telegram_proof=${PROOF}`);
    expect(readPendingTelegramLink()).toEqual({ telegramId: "42", proof: PROOF });
  });

  it("has nothing to link with a bare id or a proof of another shape", () => {
    rememberPendingTelegramId("42");
    expect(readPendingTelegramLink()).toBeNull();
    rememberPendingTelegramId("42");
    rememberPendingTelegramProof("?telegram_proof=<script>");
    expect(localStorage.getItem(storageKeys.pendingTelegramProof)).toBeNull();
    expect(readPendingTelegramLink()).toBeNull();
  });
});
