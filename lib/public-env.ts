import { z } from "zod";

// The browser-visible configuration. Each value is a literal `process.env.NEXT_PUBLIC_*` read so
// Next.js can inline it at build time; this is the only module that reads them.
const optionalUrl = z
  .union([z.literal(""), z.url({ protocol: /^https?$/ })])
  .optional()
  .transform((v) => (v ? v : undefined));

const publicEnvSchema = z.object({
  siteUrl: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  promoVideoUrl: optionalUrl,
  cgmMarketplaceUrl: optionalUrl,
});

export type PublicEnv = z.infer<typeof publicEnvSchema>;

function readPublicEnv(): PublicEnv {
  const parsed = publicEnvSchema.safeParse({
    siteUrl: process.env.NEXT_PUBLIC_SITE_URL || undefined,
    promoVideoUrl: process.env.NEXT_PUBLIC_PROMO_VIDEO_URL,
    cgmMarketplaceUrl: process.env.NEXT_PUBLIC_CGM_MARKETPLACE_URL,
  });
  if (parsed.success) return parsed.data;
  // A malformed public value must not take the site down: fall back to the defaults.
  return publicEnvSchema.parse({});
}

export const publicEnv: PublicEnv = readPublicEnv();
