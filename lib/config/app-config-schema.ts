import * as z from "zod/mini";
import { APP_ENVIRONMENTS } from "./environment";

/** GET /api/config?environment=: asks for one environment instead of deciding by hostname. */
export const appConfigQuerySchema = z.object({ environment: z.optional(z.enum(APP_ENVIRONMENTS)) });

/** GET /api/config (D9): what the spec's get-config function returned. */
export const appConfigSchema = z.object({
  environment: z.enum(APP_ENVIRONMENTS),
  api: z.object({ baseUrl: z.string() }),
});

export type AppConfig = z.output<typeof appConfigSchema>;
