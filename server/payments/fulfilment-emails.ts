import "server-only";
import { PLANS } from "@/lib/pricing/plans";
import { siteUrl } from "@/lib/site";
import { ACCOUNT_SETUP_TTL_HOURS, issueAccountSetupLink } from "../accounts/account-setup-link";
import { getCohortSummary } from "../db/cohort-queries";
import { claimOrderEmails, releaseOrderEmails } from "../db/order-emails";
import type { Order } from "../db/orders";
import { orderHasLiveSeat } from "../db/seats";
import { sendEmail } from "../email/send-email";
import { accountSetupEmail } from "../email/templates/account-setup";
import { paymentConfirmationEmail } from "../email/templates/payment-confirmation";

/**
 * Sends a paid order's emails exactly once: the payment confirmation and, for a buyer without an
 * account (D2), the account set-up link. A failed send gives the claim back and throws, so the
 * next delivery of the event tries again.
 */
export async function sendFulfilmentEmails(order: Order): Promise<void> {
  if (!order.email || !(await claimOrderEmails(order.id))) return;
  try {
    // A paid order whose cohort filled up before its payment landed has no seat: its emails say so.
    const cohort = (await orderHasLiveSeat(order.id)) ? await getCohortSummary(order.cohortId) : null;
    if (!order.userId) {
      const setupUrl = await issueAccountSetupLink(order.id, order.email);
      await sendEmail(
        await accountSetupEmail({
          to: order.email,
          setupUrl,
          planName: order.planName,
          cohortName: cohort?.name ?? null,
          expiresInHours: ACCOUNT_SETUP_TTL_HOURS,
        }),
      );
    }
    await sendEmail(
      await paymentConfirmationEmail({
        to: order.email,
        planName: order.planName,
        billingLabel: PLANS.find((p) => p.type === order.planType)?.renewalLabel ?? "",
        hasCgm: order.hasCgm,
        amountPaidCents: order.amounts.totalCents,
        taxCents: order.amounts.taxCents,
        discountCents: order.amounts.discountCents,
        currency: order.amounts.currency,
        orderReference: order.id.slice(0, 8).toUpperCase(),
        cohort,
        cohortFilledUp: cohort === null,
        dashboardUrl: siteUrl("/dashboard"),
      }),
    );
  } catch (error) {
    await releaseOrderEmails(order.id);
    throw error;
  }
}
