"use client";

import { apiRequest } from "@/components/api/api-request";
import {
  botSetupProgressSchema,
  botStartLinkSchema,
  qrLinkSchema,
  qrScanStatusSchema,
  type BotSetupProgressResponse,
  type BotSetupUpdate,
} from "@/lib/telegram/bot-setup-schemas";
import { storyPostLinkSchema } from "@/lib/telegram/story-post-schema";
import { linkTelegramResultSchema } from "@/lib/telegram/telegram-auth-schemas";

// Every call the walkthrough makes, in one place.
const LOAD_FAILED = "Failed to load your coach bot set-up";
export const QR_FAILED = "Failed to generate QR code. Please try again.";
// SPEC §8 (Copy and QR): the QR's link asked for with no signed-in user.
export const NO_AUTHENTICATED_USER = "No authenticated user found";
// SPEC §8: the link call's message when the server gives none.
export const LINK_TELEGRAM_USER_FAILED = "Failed to link telegram user";

export function fetchBotSetup(signal?: AbortSignal): Promise<BotSetupProgressResponse> {
  return apiRequest({ path: "/api/users/me/bot-setup", auth: "required", schema: botSetupProgressSchema, fallback: LOAD_FAILED, signal });
}

export function saveBotSetup(update: BotSetupUpdate): Promise<BotSetupProgressResponse> {
  return apiRequest({
    method: "POST",
    path: "/api/users/me/bot-setup",
    auth: "required",
    body: update,
    schema: botSetupProgressSchema,
    fallback: "Failed to save your progress",
  });
}

export function requestStartLink() {
  return apiRequest({
    method: "POST",
    path: "/api/telegram/start-link",
    auth: "required",
    schema: botStartLinkSchema,
    fallback: "Failed to create your bot link",
  });
}

export function requestQrLink() {
  return apiRequest({ method: "POST", path: "/api/telegram/qr-link", auth: "required", schema: qrLinkSchema, fallback: QR_FAILED });
}

export function fetchQrStatus(id: string, signal?: AbortSignal) {
  return apiRequest({
    path: `/api/telegram/qr-link/status?id=${encodeURIComponent(id)}`,
    auth: "required",
    schema: qrScanStatusSchema,
    signal,
  });
}

export function fetchStoryPostLink(signal?: AbortSignal) {
  return apiRequest({ path: "/api/users/me/story-post", auth: "required", schema: storyPostLinkSchema, signal });
}

/** The coach bot's sign-in proof for a Telegram id, and the member's email: D8's link. */
export type TelegramLinkRequest = { telegramId: string; username?: string | null; proof: string; email: string };

/** POST /api/auth/link-telegram-user-email: links the member to the Telegram user the bot signed for. */
export function linkTelegramUser({ telegramId, username, proof, email }: TelegramLinkRequest) {
  return apiRequest({
    method: "POST",
    path: "/api/auth/link-telegram-user-email",
    auth: "required",
    body: { telegram_id: telegramId, ...(username ? { telegram_username: username } : {}), email, proof },
    schema: linkTelegramResultSchema,
    fallback: LINK_TELEGRAM_USER_FAILED,
  });
}
