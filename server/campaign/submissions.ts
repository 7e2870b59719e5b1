import "server-only";
import type { TransactionSql } from "postgres";
import type { OrgType, Region } from "@/lib/campaign/campaign-options";
import { site } from "@/lib/site";
import { db } from "../db/client";
import { saveContactMessage, savePartnerPledge } from "../db/campaign/campaign";
import { queueEmail } from "../email/outbox";

type PartnerPledge = { name: string; email: string; orgName: string; orgType: OrgType; region: Region };

/**
 * D6, D18: a partner pledge whose address confirmed it is kept, and the team's notice and the
 * partner's welcome (SPEC §8) are queued with it. `key` (the confirmation's id) queues each once.
 */
export async function keepConfirmedPartnerPledge(tx: TransactionSql, partner: PartnerPledge, key: string): Promise<void> {
  await savePartnerPledge(tx, partner);
  await queueEmail(tx, {
    kind: "partner-pledge-team",
    to: site.contact.campaignEmail,
    data: partner,
    dedupeKey: `campaign-confirmation:${key}:team`,
  });
  await queueEmail(tx, { kind: "partner-welcome", to: partner.email, data: partner, dedupeKey: `campaign-confirmation:${key}:welcome` });
}

/** D6: keeps a contact message and queues its forward to the campaign team with it. */
export async function sendContactMessage(message: { name: string; email: string; orgName: string | null; message: string }) {
  await db().begin(async (tx) => {
    await saveContactMessage(tx, message);
    await queueEmail(tx, { kind: "contact-message-team", to: site.contact.campaignEmail, data: message });
  });
  return { received: true as const };
}
