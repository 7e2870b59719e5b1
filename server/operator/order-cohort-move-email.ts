import "server-only";
import { orderReference } from "@/lib/operator/order-details";
import { siteUrl } from "@/lib/site";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import { getOrder } from "../db/payments/orders";
import { orderLiveSeatCohortId } from "../db/cohorts/seats";
import type { EmailMessage } from "../email/send-email";
import { cohortMovedEmail } from "../email/templates/cohort-moved";

/** The email telling a member which cohort their seat is in now (read when sent: the latest move wins). */
export async function renderCohortMovedEmail(to: string, orderId: string): Promise<EmailMessage> {
  const order = await getOrder(orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  const cohortId = await orderLiveSeatCohortId(orderId);
  const cohort = cohortId ? await getCohortSummary(cohortId) : null;
  if (!cohort) throw new Error(`Order ${orderId} has no seat to tell its buyer about`);
  return cohortMovedEmail({
    to,
    cohortName: cohort.name,
    startsAt: cohort.startsAt,
    planName: order.planName,
    orderReference: orderReference(order.id),
    dashboardUrl: siteUrl("/dashboard"),
  });
}
