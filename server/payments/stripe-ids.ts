import "server-only";
import { z } from "zod";

const uuid = z.uuid();

/** The id of an expandable Stripe field, whether it came as an id or as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Our order id as carried in Stripe metadata or client_reference_id; anything else is null. */
export function orderIdFrom(...candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates) if (uuid.safeParse(candidate).success) return candidate!;
  return null;
}
