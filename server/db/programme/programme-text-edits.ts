import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";

// An operator's edits of the programme's texts (programme_texts, supabase/migrations/20261129093000_programme_rhythm.sql):
// a row replaces the text's default; no row, the default. The programme reads them as it sends.

/** A stored edit with who made it last (their address as it is now) and when. */
export type StoredProgrammeText = { key: string; body: string; updatedAt: Date; updatedBy: string | null };

type Row = { key: string; body: string; updated_at: Date; updated_by_email: string | null };

const toStored = (row: Row): StoredProgrammeText => ({
  key: row.key,
  body: row.body,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by_email,
});

/** Every stored edit (at most one per text the programme knows, a few dozen rows). */
export async function listStoredProgrammeTexts(): Promise<StoredProgrammeText[]> {
  const rows = await db()<Row[]>`
    select t.key, t.body, t.updated_at, u.email as updated_by_email
    from public.programme_texts t left join public.users u on u.id = t.updated_by
    order by t.key`;
  return rows.map(toStored);
}

/**
 * The text's stored edit, if any, held until the transaction ends: one edit of a text at a time, so
 * the audit entry's "before" is what the edit replaced. A text without a row is held by its key.
 */
export async function lockProgrammeText(tx: TransactionSql, key: string): Promise<StoredProgrammeText | null> {
  await tx`select pg_advisory_xact_lock(hashtext(${`programme_texts:${key}`}))`;
  const [row] = await tx<Row[]>`
    select t.key, t.body, t.updated_at, u.email as updated_by_email
    from public.programme_texts t left join public.users u on u.id = t.updated_by
    where t.key = ${key}
    for update of t`;
  return row ? toStored(row) : null;
}

/** Stores the text's words in place of its default (or of the edit before). */
export async function saveProgrammeText(
  tx: TransactionSql,
  edit: { key: string; body: string; operatorId: string },
): Promise<StoredProgrammeText> {
  const [row] = await tx<Row[]>`
    insert into public.programme_texts (key, body, updated_by, updated_at)
    values (${edit.key}, ${edit.body}, ${edit.operatorId}, now())
    on conflict (key) do update set body = excluded.body, updated_by = excluded.updated_by, updated_at = excluded.updated_at
    returning key, body, updated_at, (select email from public.users where id = ${edit.operatorId}) as updated_by_email`;
  return toStored(row!);
}

/** Deletes the text's edit: the programme says the default again. Whether there was one. */
export async function deleteProgrammeText(tx: TransactionSql, key: string): Promise<boolean> {
  const rows = await tx`delete from public.programme_texts where key = ${key} returning key`;
  return rows.length === 1;
}
