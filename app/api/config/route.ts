// GET /api/config - D9: the runtime configuration the client loads before rendering.
import { z } from "zod";
import { route } from "@/server/http";
import { appConfig } from "@/server/config/app-config";

export const dynamic = "force-dynamic";

const querySchema = z.object({ environment: z.enum(["production", "development", "local"]).optional() });

export const GET = route({ query: querySchema }, ({ query }) => appConfig(query.environment));
