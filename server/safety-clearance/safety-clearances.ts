import "server-only";
import { randomUUID } from "node:crypto";
import { emailIdentity } from "@/lib/email/email-address";
import type { SafetyClearanceConfirmed } from "@/lib/questionnaire/safety-clearance-schemas";
import {
  SAFETY_CLEARANCE_LINK_DAYS,
  SAFETY_SCREEN_VERSION,
  answeredYes,
  type SafetyAnswer,
  type SafetyQuestionId,
} from "@/lib/questionnaire/safety-screen";
import { site } from "@/lib/site";
import { db } from "../db/client";
import {
  insertClearanceRequest,
  lockClearanceByLinkHash,
  lockClearanceInbox,
  markClearanceConfirmed,
  recentClearanceLinks,
} from "../db/safety-clearance/safety-clearances";
import { queueEmail } from "../email/outbox";
import { hashSecretToken, newSecretToken } from "../security/secret-tokens";
import { CONFIRMATIONS_PER_DAY, CONFIRMATIONS_PER_WEEK, RECEIVED } from "../campaign/confirmations";
import { clearanceLinkTokenHash } from "./clearance-link";

// The safety screen's gate: after a 'yes', a plan is sold only under a doctor's clearance the
// person confirmed through a link emailed to them, never a tick in the same visit. The link is sent
// at most once a day and three times a week to an inbox (D18's limits, counted per inbox: the
// form's answer is the same either way), carries no visitor-written text, and works for 30 days.
// Its first use records who confirmed (their name, the account signed in, if any), when, and for
// which address, gives the confirming browser a pass for the checkout, and tells the team; all in
// one transaction (D16).

type Answers = Record<SafetyQuestionId, SafetyAnswer> & { version: string };

/** POST /api/safety-clearances: keeps the request and queues its link, in one transaction. */
export async function requestClearanceLink(email: string, answers: Answers): Promise<typeof RECEIVED> {
  const identity = emailIdentity(email);
  const reasons = answeredYes(answers);
  await db().begin(async (tx) => {
    await lockClearanceInbox(tx, identity);
    const recent = await recentClearanceLinks(tx, identity);
    if (recent.day >= CONFIRMATIONS_PER_DAY || recent.week >= CONFIRMATIONS_PER_WEEK) return;
    const id = randomUUID();
    await insertClearanceRequest(tx, {
      id,
      email,
      emailIdentity: identity,
      reasons,
      screenVersion: SAFETY_SCREEN_VERSION,
      linkTokenHash: clearanceLinkTokenHash(id, email),
      linkDays: SAFETY_CLEARANCE_LINK_DAYS,
    });
    await queueEmail(tx, { kind: "safety-clearance-link", to: email, data: { clearanceId: id }, dedupeKey: `safety-clearance:${id}:link` });
  });
  return RECEIVED;
}

const INVALID: SafetyClearanceConfirmed = { status: "invalid", clearance: null };

/**
 * POST /api/safety-clearances/confirmations: uses a clearance link. Only the address it was sent to
 * can use it, once, within its 30 days; an unknown, forged or lapsed token, or another address,
 * changes nothing. The first use records the clearance, queues the team's notice and answers the
 * pass the checkout needs (it is shown once, and only its SHA-256 kept).
 */
export async function confirmClearance(
  confirmation: { token: string; email: string; name: string },
  userId: string | null,
): Promise<SafetyClearanceConfirmed> {
  return db().begin(async (tx) => {
    const row = await lockClearanceByLinkHash(tx, hashSecretToken(confirmation.token));
    if (!row || row.email !== confirmation.email) return INVALID;
    if (row.confirmedAt) return { status: "used", clearance: null };
    if (row.linkExpired) return INVALID;
    const pass = newSecretToken();
    const confirmedAt = await markClearanceConfirmed(tx, row.id, {
      name: confirmation.name,
      userId,
      passHash: hashSecretToken(pass),
      passDays: SAFETY_CLEARANCE_LINK_DAYS,
    });
    if (!confirmedAt) return { status: "used", clearance: null };
    await queueEmail(tx, {
      kind: "safety-clearance-team",
      to: site.contact.email,
      data: { clearanceId: row.id },
      dedupeKey: `safety-clearance:${row.id}:team`,
    });
    return { status: "confirmed", clearance: { pass, clearedAt: confirmedAt.toISOString(), reasons: row.reasons } };
  });
}
