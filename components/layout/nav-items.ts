// SPEC §2 Navigation: the landing page's sections, reached as /#anchor from every page.
export const LANDING_ANCHORS = { features: "features", testimonials: "testimonials", contact: "contact" } as const;

export const NAV_ITEMS = [
  { label: "Features", href: `/#${LANDING_ANCHORS.features}` },
  { label: "Our Team", href: "/our-team" },
  { label: "Testimonials", href: `/#${LANDING_ANCHORS.testimonials}` },
  { label: "Contact", href: `/#${LANDING_ANCHORS.contact}` },
] as const;

export const FOOTER_LINKS = [
  { label: "Current Challenge", href: "/how-it-works" },
  { label: "Pricing Plans", href: "/how-it-works#pricing" },
  { label: "Health Guide", href: `/#${LANDING_ANCHORS.features}` },
  { label: "Glucose Monitoring", href: "/how-it-works#journey" },
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
] as const;
