import Link from "next/link";
import { BookOpen, Download, ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { WELCOME_KIT_PATH } from "@/lib/campaign/welcome-kit";
import { site } from "@/lib/site";
import { ContactForm } from "./contact-form";
import { PARTNER_STEPS, SAMPLE_PARTNERS } from "./partner-content";
import { PartnerPledgeForm } from "./partner-pledge-form";

export function PartnerHero() {
  return (
    <section aria-labelledby="partner-hero-title" className="bg-gradient-to-b from-primary/10 to-background">
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">MAGIC partners</p>
        <h1 id="partner-hero-title" className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
          Bring glucose awareness to the people you serve
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
          Clinics, schools, employers, NGOs and governments are taking the Million Glucose Awareness Campaign to their communities. Join
          them in five steps.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <a href="#pledge">Sign the Partner Pledge</a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href="#contact">Talk to Us</a>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function SamplePartners() {
  return (
    <section aria-labelledby="partners-title">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="partners-title" className="text-center text-3xl font-bold">
          Partners already on board
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SAMPLE_PARTNERS.map((p) => (
            <li key={p.name} className="flex flex-col gap-3 rounded-xl border bg-card p-6">
              <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-lg bg-primary/10 font-bold text-primary">
                {p.logo}
              </span>
              <h3 className="font-semibold">{p.name}</h3>
              <p className="text-xs text-muted-foreground">
                {p.type} · {p.region}
              </p>
              <blockquote className="text-sm italic text-muted-foreground">&ldquo;{p.quote}&rdquo;</blockquote>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function PartnerSteps() {
  return (
    <section aria-labelledby="steps-title" className="bg-secondary/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="steps-title" className="text-center text-3xl font-bold">
          Five steps to partnership
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-5">
          {PARTNER_STEPS.map((s) => (
            <li key={s.step} className="rounded-xl border bg-card p-5">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {s.step}
              </span>
              <h3 className="mt-3 font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{s.description}</p>
              <ul className="mt-3 list-disc space-y-1 pl-4 text-xs text-muted-foreground">
                {s.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function PartnerPledgeSection() {
  return (
    <section id="pledge" aria-labelledby="pledge-title" className="scroll-mt-[100px]">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="pledge-title" className="text-3xl font-bold">
            The partner pledge
          </h2>
          <p className="mt-4 text-muted-foreground">
            We pledge to help the people we serve understand their glucose: to share the campaign, run at least one activity and report what
            changed.
          </p>
          <div className="mt-8 rounded-xl border bg-secondary/40 p-6">
            <BookOpen aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-3 text-lg font-semibold">The Welcome Kit</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              50+ pages: announcement templates, activity guides, conversation guides for each story topic and a 30-day social calendar.
            </p>
            <Button asChild variant="outline" className="mt-4">
              <a href={WELCOME_KIT_PATH} download>
                <Download aria-hidden="true" /> Download Welcome Kit
              </a>
            </Button>
          </div>
        </div>
        <PartnerPledgeForm />
      </div>
    </section>
  );
}

export function PartnerContact() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-[100px] bg-secondary/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <div>
          <h2 id="contact-title" className="text-3xl font-bold">
            Questions? Write to us
          </h2>
          <div className="mt-6">
            <ContactForm />
          </div>
        </div>
        <div className="flex flex-col gap-8">
          <div>
            <h3 className="text-lg font-semibold">Direct contact</h3>
            <ul className="mt-3 space-y-3 text-sm">
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 text-primary" />
                <a href={`mailto:${site.contact.campaignEmail}`} className="underline underline-offset-4">
                  {site.contact.campaignEmail}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 text-primary" />
                <a href={`tel:${site.contact.campaignPhone.replaceAll(" ", "")}`} className="underline underline-offset-4">
                  {site.contact.campaignPhone}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <MapPin aria-hidden="true" className="size-4 text-primary" /> {site.contact.location}
              </li>
            </ul>
          </div>
          <nav aria-labelledby="quick-links-title">
            <h3 id="quick-links-title" className="text-lg font-semibold">
              Quick links
            </h3>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link href="/" className="inline-flex items-center gap-1 underline underline-offset-4">
                  Main platform <ExternalLink aria-hidden="true" className="size-3.5" />
                </Link>
              </li>
              <li>
                <Link href="/magic" className="underline underline-offset-4">
                  MAGIC campaign
                </Link>
              </li>
              <li>
                <Link href="/dashboard" className="underline underline-offset-4">
                  Dashboard
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </section>
  );
}
