import Link from "next/link";
import { Mail, MapPin } from "lucide-react";
import { site } from "@/lib/site";
import { FOOTER_LINKS, LANDING_ANCHORS } from "./nav-items";
import { NewsletterForm } from "./newsletter-form";

/** SPEC §2: the contact/newsletter footer with its six links. */
export function SiteFooter() {
  return (
    <footer id={LANDING_ANCHORS.contact} className="bg-[#0b3b37] text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr]">
        <div className="space-y-4">
          <h2 className="text-xl font-semibold">Stay in the loop</h2>
          <p className="max-w-md text-sm text-white/80">
            One practical glucose experiment, cohort start dates and what our participants learned. About twice a month.
          </p>
          <NewsletterForm />
        </div>
        <nav aria-label="Footer" className="space-y-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white/70">Explore</h2>
          <ul className="grid gap-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <Link href={link.href} className="text-white/90 underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-3 text-sm">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white/70">Contact</h2>
          <p className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4" />
            <a href={`mailto:${site.contact.email}`} className="underline-offset-4 hover:underline">
              {site.contact.email}
            </a>
          </p>
          <p className="flex items-center gap-2 text-white/80">
            <MapPin aria-hidden="true" className="size-4" />
            {site.contact.location}
          </p>
          <p className="pt-4 text-xs text-white/70">
            Educational coaching, not medical advice. Talk to your doctor before changing medication.
          </p>
        </div>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-xs text-white/70">
        © {new Date().getFullYear()} {site.name}
      </div>
    </footer>
  );
}
