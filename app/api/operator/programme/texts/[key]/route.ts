// POST|DELETE /api/operator/programme/texts/{key} - save a programme text's words, or go back to its default (operators only, audited).
import { programmeTextParamsSchema, programmeTextSaveSchema, programmeTextSchema } from "@/lib/programme/programme-text-schema";
import { route } from "@/server/http";
import { programmeTextLimits } from "@/server/http/rate-limits";
import { editProgrammeText, resetProgrammeText } from "@/server/operator/programme-text-edits";

export const POST = route(
  {
    auth: "operator",
    params: programmeTextParamsSchema,
    body: programmeTextSaveSchema,
    maxBodyBytes: 16_384,
    rateLimits: programmeTextLimits,
    response: programmeTextSchema,
  },
  ({ user, params, body }) => editProgrammeText(user.id, params.key, body.body),
);

export const DELETE = route(
  { auth: "operator", params: programmeTextParamsSchema, rateLimits: programmeTextLimits, response: programmeTextSchema },
  ({ user, params }) => resetProgrammeText(user.id, params.key),
);
