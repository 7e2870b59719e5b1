// Which routes search engines may index (sitemap.xml) and which they must not (robots.txt).
export const INDEXED_PAGES = [
  { path: "/", priority: 1, changeFrequency: "weekly" },
  { path: "/how-it-works", priority: 0.9, changeFrequency: "weekly" },
  { path: "/our-team", priority: 0.6, changeFrequency: "monthly" },
  { path: "/career", priority: 0.5, changeFrequency: "monthly" },
  // The awareness campaign (SPEC §2 Campaign pages).
  { path: "/magic", priority: 0.8, changeFrequency: "weekly" },
  { path: "/million-glucose-campaign", priority: 0.8, changeFrequency: "weekly" },
  { path: "/become-partner", priority: 0.7, changeFrequency: "monthly" },
  { path: "/privacy", priority: 0.2, changeFrequency: "yearly" },
  { path: "/terms", priority: 0.2, changeFrequency: "yearly" },
] as const;

export const PRIVATE_PATHS = [
  "/api/",
  "/auth",
  "/auth-callback",
  "/dashboard",
  "/user-info",
  "/payment",
  "/payment-success",
  // D17: the waitlist's confirmation and claim links (each carries its token).
  "/waitlist",
  "/verify",
  "/verify-email",
  "/edit-post",
  "/test-bird",
  "/telegram-widget-test",
] as const;
