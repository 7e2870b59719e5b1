import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import { affiliateEmails } from "../db/referrals/referrals-affiliates";

/** Who is buying or signing up: their account (if any) and every address known for them. */
export type ReferredPerson = { userId: string | null; emails: (string | null | undefined)[] };

/**
 * D5: a member cannot earn on their own sign-up or purchase. The same account, or the same address
 * once case, "+tags" and Gmail's dots are set aside, is the same person. Returns the affiliates
 * (in the order given, without repeats) that are someone else.
 *
 * A second mailbox of the same person is not detected, by decision. Matching on a card
 * fingerprint, a billing address, a client address or an email domain would also match a spouse,
 * a flatmate or a colleague who really was referred (and Stripe makes a new customer per checkout,
 * so there is no customer to compare); a false match takes a real referrer's commission, a missed
 * one costs 20% of one purchase, held 30 days before it is due and reversed by a refund. Such
 * cases are left to the operator, who sees every credited order before a payout.
 */
export async function otherPeople(affiliateUserIds: string[], person: ReferredPerson): Promise<string[]> {
  const unique = [...new Set(affiliateUserIds)].filter((id) => id !== person.userId);
  const own = new Set(person.emails.flatMap((email) => (email ? [emailIdentity(email)] : [])));
  if (own.size === 0) return unique;
  const emails = new Map((await affiliateEmails(unique)).map((a) => [a.userId, a.email]));
  return unique.filter((id) => {
    const email = emails.get(id);
    return !email || !own.has(emailIdentity(email));
  });
}

export async function isSelfReferral(affiliateUserId: string, person: ReferredPerson): Promise<boolean> {
  return (await otherPeople([affiliateUserId], person)).length === 0;
}
