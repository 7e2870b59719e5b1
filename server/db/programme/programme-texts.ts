import "server-only";
import { programmeTexts, type ProgrammeTexts } from "@/lib/programme/programme-texts";
import { db, type Executor } from "../client";

// The programme's words as a member reads them: the defaults with an operator's edits over them
// (public.programme_texts, docs/programme.md).

export async function readProgrammeTexts(sql: Executor = db()): Promise<ProgrammeTexts> {
  const rows = await sql<{ key: string; body: string }[]>`select key, body from public.programme_texts`;
  return programmeTexts(rows);
}
