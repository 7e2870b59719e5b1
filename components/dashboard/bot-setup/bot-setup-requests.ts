"use client";

import { apiRequest } from "@/components/api/api-request";
import type { BotSetupProgressResponse, BotSetupUpdate } from "@/lib/telegram/bot-setup-schemas";

// The answers' schemas load with the first call, so the dashboard paints and hydrates without zod.
const botSetupSchemas = () => import("@/lib/telegram/bot-setup-schemas");
const storyPostSchema = () => import("@/lib/telegram/story-post-schema").then((m) => m.storyPostLinkSchema);

// Every call the walkthrough makes, in one place.
const LOAD_FAILED = "Failed to load your coach bot set-up";
export const QR_FAILED = "Failed to generate QR code. Please try again.";
// SPEC §8 (Copy and QR): the QR's link asked for with no signed-in user.
export const NO_AUTHENTICATED_USER = "No authenticated user found";
// SPEC §8: the link call's message when the server gives none.
export const LINK_TELEGRAM_USER_FAILED = "Failed to link telegram user";

export function fetchBotSetup(signal?: AbortSignal): Promise<BotSetupProgressResponse> {
  return apiRequest({ path: "/api/users/me/bot-setup", auth: "required", schema: () => botSetupSchemas().then((m) => m.botSetupProgressSchema), fallback: LOAD_FAILED, signal });
}

export function saveBotSetup(update: BotSetupUpdate): Promise<BotSetupProgressResponse> {
  return apiRequest({ method: "POST", path: "/api/users/me/bot-setup", auth: "required", body: update, schema: () => botSetupSchemas().then((m) => m.botSetupProgressSchema), fallback: "Failed to save your progress" });
}

export function requestStartLink() {
  return apiRequest({ method: "POST", path: "/api/telegram/start-link", auth: "required", schema: () => botSetupSchemas().then((m) => m.botStartLinkSchema), fallback: "Failed to create your bot link" });
}

export function requestQrLink() {
  return apiRequest({ method: "POST", path: "/api/telegram/qr-link", auth: "required", schema: () => botSetupSchemas().then((m) => m.qrLinkSchema), fallback: QR_FAILED });
}

export function fetchQrStatus(id: string, signal?: AbortSignal) {
  return apiRequest({ path: `/api/telegram/qr-link/status?id=${encodeURIComponent(id)}`, auth: "required", schema: () => botSetupSchemas().then((m) => m.qrScanStatusSchema), signal });
}

export function fetchStoryPostLink(signal?: AbortSignal) {
  return apiRequest({ path: "/api/users/me/story-post", auth: "required", schema: storyPostSchema, signal });
}
