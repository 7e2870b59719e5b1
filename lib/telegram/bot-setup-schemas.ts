import * as z from "zod/mini";
import { LAST_STEP } from "./bot-setup-rules";

const stepSchema = z.int().check(z.minimum(0), z.maximum(LAST_STEP));

/** POST /api/users/me/bot-setup: the walkthrough's own fields; linking is the server's to record. */
export const botSetupUpdateSchema = z.object({
  currentStep: stepSchema,
  completedSteps: z.array(stepSchema).check(z.maxLength(4)),
});

export type BotSetupUpdate = z.input<typeof botSetupUpdateSchema>;

/** The walkthrough's progress as the bot-setup routes answer it (SPEC §3 Users table). */
export const botSetupProgressSchema = z.object({
  currentStep: stepSchema,
  completedSteps: z.array(stepSchema),
  telegramLinked: z.boolean(),
  telegramUsername: z.nullable(z.string()),
  lastUpdated: z.nullable(z.string()),
  completed: z.boolean(),
});

export type BotSetupProgressResponse = z.output<typeof botSetupProgressSchema>;

/** POST /api/telegram/start-link: the one-time deep link that opens the coach bot. */
export const botStartLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** POST /api/telegram/qr-link and GET /api/telegram/qr-link/{id}: the QR's link and whether a phone opened it. */
export const qrLinkSchema = z.object({ id: z.string(), url: z.string(), expiresAt: z.string() });
export const qrScanStatusSchema = z.object({ scanned: z.boolean() });
