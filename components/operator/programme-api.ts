import { apiRequest } from "@/components/api/api-request";
import { programmeTextSchema } from "@/lib/programme/programme-text-schema";
import { SAVE_FAILED } from "./operator-api";

// The programme's texts (docs/programme.md): save a text's words, or go back to its default. Each
// throws ApiRequestError with the server's message; saveProblems() reads a 422's field.

const path = (key: string) => `/api/operator/programme/texts/${encodeURIComponent(key)}` as const;

export const saveProgrammeText = (key: string, body: string) =>
  apiRequest({ method: "POST", path: path(key), body: { body }, schema: programmeTextSchema, fallback: SAVE_FAILED });

export const resetProgrammeText = (key: string) =>
  apiRequest({ method: "DELETE", path: path(key), schema: programmeTextSchema, fallback: SAVE_FAILED });
