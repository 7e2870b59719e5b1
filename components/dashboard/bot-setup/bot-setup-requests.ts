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

// Every call the walkthrough makes, in one place.
const LOAD_FAILED = "Failed to load your coach bot set-up";
export const QR_FAILED = "Failed to generate QR code. Please try again.";

export function fetchBotSetup(signal?: AbortSignal): Promise<BotSetupProgressResponse> {
  return apiRequest({ path: "/api/users/me/bot-setup", auth: "required", schema: botSetupProgressSchema, fallback: LOAD_FAILED, signal });
}

export function saveBotSetup(update: BotSetupUpdate): Promise<BotSetupProgressResponse> {
  return apiRequest({ method: "POST", path: "/api/users/me/bot-setup", auth: "required", body: update, schema: botSetupProgressSchema, fallback: "Failed to save your progress" });
}

export function requestStartLink() {
  return apiRequest({ method: "POST", path: "/api/telegram/start-link", auth: "required", schema: botStartLinkSchema, fallback: "Failed to create your bot link" });
}

export function requestQrLink() {
  return apiRequest({ method: "POST", path: "/api/telegram/qr-link", auth: "required", schema: qrLinkSchema, fallback: QR_FAILED });
}

export function fetchQrStatus(id: string, signal?: AbortSignal) {
  return apiRequest({ path: `/api/telegram/qr-link/status?id=${encodeURIComponent(id)}`, auth: "required", schema: qrScanStatusSchema, signal });
}
