import "server-only";
import { db } from "../client";

/** Records that the browser with this id hash set the password an unconfirmed account holds. */
export async function recordSignUpProof(userId: string, browserHash: string): Promise<void> {
  await db()`
    insert into public.sign_up_proofs (user_id, browser_hash) values (${userId}, ${browserHash})
    on conflict (user_id, browser_hash) do update set created_at = now()`;
}

/** Whether that browser set the account's password within the last `maxAgeHours`. */
export async function hasSignUpProof(userId: string, browserHash: string, maxAgeHours: number): Promise<boolean> {
  const rows = await db()`
    select 1 from public.sign_up_proofs
    where user_id = ${userId} and browser_hash = ${browserHash} and created_at > now() - make_interval(hours => ${maxAgeHours}::int)`;
  return rows.length > 0;
}

/** Once the address is confirmed the proofs have done their work (and stale ones go with them). */
export async function forgetSignUpProofs(userId: string, maxAgeHours: number): Promise<void> {
  await db()`
    delete from public.sign_up_proofs
    where user_id = ${userId} or created_at < now() - make_interval(hours => ${maxAgeHours}::int)`;
}
