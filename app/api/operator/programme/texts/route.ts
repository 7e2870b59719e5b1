// GET /api/operator/programme/texts - every text the programme sends, as it reads now (operators only).
import { programmeTextListSchema } from "@/lib/programme/programme-text-schema";
import { route } from "@/server/http";
import { programmeTextStates } from "@/server/operator/programme-text-edits";

export const GET = route({ auth: "operator", response: programmeTextListSchema }, () => programmeTextStates());
