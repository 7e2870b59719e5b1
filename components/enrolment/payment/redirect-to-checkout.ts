/** Leaves the site for Stripe's hosted checkout page (kept apart so tests can watch it). */
export function redirectToCheckout(sessionUrl: string): void {
  window.location.assign(sessionUrl);
}
