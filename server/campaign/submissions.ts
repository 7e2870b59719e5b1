import "server-only";
import type { OrgType, Region } from "@/lib/campaign/campaign-options";
import { site } from "@/lib/site";
import { db } from "../db/client";
import { saveContactMessage, savePartnerPledge } from "../db/campaign";
import { queueEmail } from "../email/outbox";

/** D6: keeps a partner pledge, and queues the team's notice and the partner's welcome with it (SPEC §8). */
export async function signPartnerPledge(partner: { name: string; email: string; orgName: string; orgType: OrgType; region: Region }) {
  await db().begin(async (tx) => {
    await savePartnerPledge(tx, partner);
    await queueEmail(tx, { kind: "partner-pledge-team", to: site.contact.campaignEmail, data: partner });
    await queueEmail(tx, { kind: "partner-welcome", to: partner.email, data: partner });
  });
  return { received: true as const };
}

/** D6: keeps a contact message and queues its forward to the campaign team with it. */
export async function sendContactMessage(message: { name: string; email: string; orgName: string | null; message: string }) {
  await db().begin(async (tx) => {
    await saveContactMessage(tx, message);
    await queueEmail(tx, { kind: "contact-message-team", to: site.contact.campaignEmail, data: message });
  });
  return { received: true as const };
}
