// GET|POST /api/users/me/bot-setup - the signed-in member's coach-bot walkthrough progress.
import { botSetupProgressSchema, botSetupUpdateSchema } from "@/lib/telegram/bot-setup-schemas";
import { route } from "@/server/http";
import { botSetupProgress, updateBotSetup } from "@/server/telegram/member-telegram";

const limits = [{ name: "bot-setup-write", limit: 120, windowSeconds: 60 }];

export const GET = route({ auth: "required", response: botSetupProgressSchema }, ({ user }) => botSetupProgress(user));

export const POST = route(
  { auth: "required", body: botSetupUpdateSchema, maxBodyBytes: 1024, rateLimits: limits, response: botSetupProgressSchema },
  ({ user, body }) => updateBotSetup(user, body.currentStep, body.completedSteps),
);
