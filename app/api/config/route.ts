// GET /api/config - D9: the runtime configuration the client loads before rendering.
import { appConfigQuerySchema, appConfigSchema } from "@/lib/config/app-config-schema";
import { appConfig } from "@/server/config/app-config";
import { route } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = route({ query: appConfigQuerySchema, response: appConfigSchema }, ({ query }) => appConfig(query.environment));
