import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { fakeSupabase, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { AuthForm } from "@/components/auth/auth-form";
import {
  parseTelegramId,
  readPendingTelegramLink,
  TELEGRAM_LINK_INCOMPLETE,
  telegramLinkIncomplete,
} from "@/components/auth/pending-telegram-id";
import { storageKeys } from "@/lib/storage-keys";

// /auth?telegram_id=… without the coach bot's proof used to be dropped without a word.
const PROOF = `1999999999.${"a".repeat(43)}`;

/** /auth as its page renders the form for this address. */
function arrive(search: string) {
  window.history.replaceState(null, "", `/auth${search}`);
  const params = new URLSearchParams(search);
  const rawId = params.get("telegram_id") ?? undefined;
  const incomplete = telegramLinkIncomplete(rawId, params.get("telegram_proof") ?? undefined);
  return render(
    <AuthForm next="/dashboard" telegramId={parseTelegramId(rawId)} telegramLinkIncomplete={incomplete} googleFailed={false} />,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = fakeSupabase();
});
afterEach(() => window.history.replaceState(null, "", "/"));

describe("/auth with a Telegram id but no proof from the coach bot", () => {
  it("says nothing was linked and what to do instead", async () => {
    arrive("?telegram_id=424242");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(TELEGRAM_LINK_INCOMPLETE.title);
    expect(alert.textContent).toContain(TELEGRAM_LINK_INCOMPLETE.description);
    expect(TELEGRAM_LINK_INCOMPLETE.description).toMatch(/\/start/);
    expect(readPendingTelegramLink()).toBeNull();
  });

  it("says so too for a proof of another shape, and drops a proof kept from an earlier link", async () => {
    localStorage.setItem(storageKeys.pendingTelegramId, "111");
    localStorage.setItem(storageKeys.pendingTelegramProof, PROOF);
    localStorage.setItem(storageKeys.pendingTelegramUsername, "earlier");
    arrive("?telegram_id=424242&telegram_proof=forged");
    expect((await screen.findByRole("alert")).textContent).toContain(TELEGRAM_LINK_INCOMPLETE.title);
    expect(localStorage.getItem(storageKeys.pendingTelegramProof)).toBeNull();
    expect(localStorage.getItem(storageKeys.pendingTelegramUsername)).toBeNull();
    expect(readPendingTelegramLink()).toBeNull();
  });

  it("says nothing when the link carries its proof (the dashboard asks before linking)", () => {
    arrive(`?telegram_id=424242&telegram_username=ada_l&telegram_proof=${PROOF}`);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(readPendingTelegramLink()).toEqual({ telegramId: "424242", proof: PROOF, username: "ada_l" });
  });

  it("says so for a telegram_id that is not an id", async () => {
    arrive(`?telegram_id=abc&telegram_proof=${PROOF}`);
    expect((await screen.findByRole("alert")).textContent).toContain(TELEGRAM_LINK_INCOMPLETE.title);
  });

  it("says nothing on a plain visit", () => {
    arrive("");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
