import "server-only";
import type { TransactionSql } from "postgres";
import type { NewOrder } from "./orders";

// D3: a checkout's place in its cohort, its pending order and (within the hold budget) its held
// seat, written by one statement: the conditional UPDATE on cohorts plus the CHECK constraints make
// overbooking impossible whatever the concurrency, and the order and seat exist only together with
// the place they took.

export type PlacedOrder =
  /** The cohort is full: nothing was written. */
  | { open: false; held: false; orderId: null }
  /** The order was written; `held` when a seat is held for it (else it takes one when paid, if any is free). */
  | { open: true; held: boolean; orderId: string };

/**
 * Takes one place for an unpaid hold, only while holds stay at most half of the places nobody has
 * paid for: however many checkouts are opened, at least as many places stay open to whoever pays
 * first as are held, and the last open place is never held. When no hold may be taken the order is
 * still written while the cohort is not full (a checkout without a hold); when it is full, nothing.
 */
/** The orders columns a new checkout writes, and their values: `insert into public.orders (columns) select values ...`. */
const orderColumns = (tx: TransactionSql) => tx`(
  email, user_id, plan_type, plan_name, has_cgm, cohort_id, currency, subtotal_cents, discount_cents,
  tax_cents, total_cents, coupon_code, stripe_promotion_code_id, referral_id, utm, referrer_url, user_info,
  questionnaire, source, session_secret_hash, safety_clearance_id
)`;

const orderValues = (tx: TransactionSql, order: NewOrder) => tx`
  ${order.email}, ${order.userId}, ${order.planType}, ${order.planName}, ${order.hasCgm}, ${order.cohortId},
  ${order.amounts.currency}, ${order.amounts.subtotalCents}, ${order.amounts.discountCents}, ${order.amounts.taxCents},
  ${order.amounts.totalCents}, ${order.couponCode}, ${order.stripePromotionCodeId}, ${order.referralId},
  ${tx.json(order.utm)}, ${order.referrerUrl}, ${tx.json(order.userInfo as never)},
  ${order.questionnaire === null ? null : tx.json(order.questionnaire as never)}, ${order.source},
  ${order.sessionSecretHash}, ${order.safetyClearanceId}`;

export async function placePendingOrder(tx: TransactionSql, order: NewOrder, holdExpiresAt: Date): Promise<PlacedOrder> {
  const [row] = await tx<{ open: boolean; held: boolean; order_id: string | null }[]>`
    with held as (
      update public.cohorts
      set prospective_participant_count = prospective_participant_count + 1
      where id = ${order.cohortId} and prospective_participant_count < participant_cap
        and 2 * (prospective_participant_count - participant_count + 1) <= participant_cap - participant_count
      returning id
    ),
    place as (
      select exists (select 1 from held) as held,
        exists (select 1 from held)
          or coalesce((select prospective_participant_count < participant_cap from public.cohorts where id = ${order.cohortId}), false) as open
    ),
    new_order as (
      insert into public.orders ${orderColumns(tx)}
      select ${orderValues(tx, order)}
      from place where place.open
      returning id
    ),
    seat as (
      insert into public.cohort_seats (cohort_id, order_id, user_id, email, status, hold_expires_at)
      select ${order.cohortId}, new_order.id, ${order.userId}, ${order.email}, 'held', ${holdExpiresAt}
      from new_order, place where place.held
    )
    select place.open, place.held, (select id from new_order) as order_id from place`;
  if (!row?.open || !row.order_id) return { open: false, held: false, orderId: null };
  return { open: true, held: row.held, orderId: row.order_id };
}

/**
 * D17, Waitlist: the checkout of a waitlisted person claiming the place offered to them. The
 * place is taken already (the offer's held seat), so the order is written and the seat becomes its
 * hold, in one statement: until the offer ends, or the checkout's own hold if that is later. The
 * caller holds the seat's and the offer's locks and has checked the offer is in force.
 */
export async function placeClaimedOrder(tx: TransactionSql, order: NewOrder, seatId: string, holdExpiresAt: Date): Promise<string> {
  const [row] = await tx<{ order_id: string; seat_id: string | null }[]>`
    with new_order as (
      insert into public.orders ${orderColumns(tx)}
      select ${orderValues(tx, order)}
      returning id
    ),
    seat as (
      update public.cohort_seats
      set order_id = (select id from new_order), user_id = ${order.userId}, email = coalesce(${order.email}, email),
          hold_expires_at = greatest(hold_expires_at, ${holdExpiresAt})
      where id = ${seatId} and status = 'held' and order_id is null
      returning id
    )
    select (select id from new_order) as order_id, (select id from seat) as seat_id`;
  if (!row?.seat_id) throw new Error(`Seat ${seatId} could not take the claimed order`);
  return row.order_id;
}
