// GET|POST /api/users/me/bot-setup - the signed-in member's coach-bot walkthrough progress.
import { botSetupProgressSchema, botSetupUpdateSchema } from "@/lib/telegram/bot-setup-schemas";
import { route } from "@/server/http";
import { botSetupLimits } from "@/server/http/rate-limits";
import { botSetupProgress, updateBotSetup } from "@/server/telegram/member-telegram";

export const GET = route({ auth: "required", response: botSetupProgressSchema }, ({ user }) => botSetupProgress(user));

export const POST = route(
  { auth: "required", body: botSetupUpdateSchema, maxBodyBytes: 1024, rateLimits: botSetupLimits, response: botSetupProgressSchema },
  ({ user, body }) => updateBotSetup(user, body.currentStep, body.completedSteps),
);
