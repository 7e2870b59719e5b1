import type { Sql } from "postgres";
import { POST as confirmPOST } from "@/app/api/campaign/confirmations/route";
import { confirmationToken } from "@/server/campaign/confirmation-link";
import { campaignPost, freshAddress } from "./campaign-request";

// D18: a pledge or partner pledge counts once its address confirms it. This uses the link of the
// latest confirmation an address was sent, as its reader would, without waiting for the email.

export async function latestConfirmationToken(sql: Sql, email: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select id from address_confirmations where email = ${email.toLowerCase()} order by created_at desc limit 1`;
  if (!row) throw new Error(`${email} was sent no confirmation`);
  return confirmationToken(row.id);
}

/** Confirms the address's latest submission; the answer's data (status, purpose, pledge). */
export async function confirmLatest(
  sql: Sql,
  email: string,
): Promise<{ status: string; pledge: { pledgeNumber: number; tier: string; badgeName: string } | null }> {
  const token = await latestConfirmationToken(sql, email);
  const response = await confirmPOST(campaignPost("/api/campaign/confirmations", { token }, freshAddress()));
  if (response.status !== 200) throw new Error(`confirming ${email} answered ${response.status}`);
  return ((await response.json()) as { data: { status: string; pledge: { pledgeNumber: number; tier: string; badgeName: string } | null } })
    .data;
}
