import "server-only";
import type { OrgType, Region } from "@/lib/campaign/campaign-options";
import { saveContactMessage, savePartnerPledge } from "../db/campaign";
import { sendEmail } from "../email/send-email";
import { contactMessageTeamEmail, partnerPledgeTeamEmail, partnerWelcomeEmail } from "../email/templates/campaign-emails";
import { log } from "../log";

async function sendQuietly(what: string, message: Parameters<typeof sendEmail>[0]): Promise<void> {
  try {
    await sendEmail(message);
  } catch (error) {
    log.error(`${what} email failed`, { error });
  }
}

/** D6: keeps a partner pledge, tells the campaign team and welcomes the partner (SPEC §8). */
export async function signPartnerPledge(partner: { name: string; email: string; orgName: string; orgType: OrgType; region: Region }) {
  await savePartnerPledge(partner);
  await Promise.all([
    sendQuietly("Partner pledge team", await partnerPledgeTeamEmail(partner)),
    sendQuietly("Partner welcome", await partnerWelcomeEmail(partner)),
  ]);
  return { received: true as const };
}

/** D6: keeps a contact message and forwards it to the campaign team. */
export async function sendContactMessage(message: { name: string; email: string; orgName: string | null; message: string }) {
  await saveContactMessage(message);
  await sendQuietly("Campaign contact", await contactMessageTeamEmail(message));
  return { received: true as const };
}
