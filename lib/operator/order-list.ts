import type { ListCursor } from "./list-query";

// D17, Orders: the operator's order list, a page at a time.

export const ORDER_SORTS = ["created", "amount"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_LIST_DEFAULTS = { sort: "created", dir: "desc" } as const satisfies { sort: OrderSort; dir: "asc" | "desc" };

export type OrderStatus = "pending" | "paid" | "expired" | "failed" | "refunded" | "charged_back";

/** One order as the list shows it (dates as ISO 8601, so the row crosses to the browser as it is). */
export type OrderListRow = {
  id: string;
  createdAt: string;
  email: string | null;
  cohortName: string;
  planName: string;
  hasCgm: boolean;
  currency: string;
  totalCents: number;
  refundedCents: number;
  status: OrderStatus;
  /** Where the next page starts when this is the last row shown. */
  cursor: ListCursor;
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Checkout open",
  paid: "Paid",
  expired: "Expired",
  failed: "Failed",
  refunded: "Refunded",
  charged_back: "Charged back",
};
