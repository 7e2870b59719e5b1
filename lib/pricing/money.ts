/**
 * An amount in minor units as money with two decimals: 16092 → "$160.92", 123456789 → "$1,234,567.89".
 * Prices are in US dollars unless a payment says otherwise (a receipt names its own currency).
 */
export function formatMoney(cents: number, currency = "usd"): string {
  const amount = cents / 100;
  const code = currency.trim().toUpperCase();
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // Not an ISO 4217 code Intl knows: still show a readable amount.
    return `${amount.toFixed(2)} ${code}`;
  }
}
