import { z } from "zod";

export const cohortIdParamsSchema = z.object({ id: z.uuid({ error: "The cohort id must be a UUID." }) });

export const cohortListQuerySchema = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "language must be a language code such as en or es.")
    .default("en"),
});

export const participantsQuerySchema = z.object({ role: z.enum(["participant", "coach", "host"]).optional() });

