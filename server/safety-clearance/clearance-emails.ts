import "server-only";
import { SAFETY_CLEARANCE_LINK_DAYS, SAFETY_QUESTIONS, type SafetyQuestionId } from "@/lib/questionnaire/safety-screen";
import { getClearanceForTeam, getClearanceLinkEmail } from "../db/safety-clearance/safety-clearances";
import type { EmailMessage } from "../email/send-email";
import { safetyClearanceLinkEmail, safetyClearanceTeamEmail } from "../email/templates/safety-clearance-emails";
import { clearanceLinkUrl } from "./clearance-link";

const topicsOf = (reasons: readonly SafetyQuestionId[]) => SAFETY_QUESTIONS.filter((q) => reasons.includes(q.id)).map((q) => q.topic);

/** The clearance link's email, read when sent: the address it was asked for and the topics it covers. */
export async function renderSafetyClearanceLinkEmail(to: string, clearanceId: string): Promise<EmailMessage> {
  const link = await getClearanceLinkEmail(clearanceId);
  if (!link) throw new Error(`Safety clearance ${clearanceId} does not exist`);
  return safetyClearanceLinkEmail({
    to,
    topics: topicsOf(link.reasons),
    url: clearanceLinkUrl(clearanceId, link.email),
    days: SAFETY_CLEARANCE_LINK_DAYS,
  });
}

/** The team's notice of a confirmed clearance: who, when, from which address and account. */
export async function renderSafetyClearanceTeamEmail(to: string, clearanceId: string): Promise<EmailMessage> {
  const clearance = await getClearanceForTeam(clearanceId);
  if (!clearance) throw new Error(`Safety clearance ${clearanceId} is not confirmed`);
  return safetyClearanceTeamEmail(to, { ...clearance, name: clearance.confirmedName, topics: topicsOf(clearance.reasons) });
}
