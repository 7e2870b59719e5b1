/** Minor units → display string in the currency's own decimals ("$160.92", "¥500"). */
export function formatMoney(amount: number, currency: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** "month", "3 months", "year": how Checkout and invoices describe a billing interval. */
export function describeInterval(interval: string, count: number): string {
  return count === 1 ? interval : `${count} ${interval}s`;
}
