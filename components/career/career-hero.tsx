const VALUES = [
  { label: "Remote-first", detail: "Work from where you do your best work" },
  { label: "Small cohorts", detail: "Real relationships with real participants" },
  { label: "Evidence first", detail: "Clinicians review what we teach" },
] as const;

export function CareerHero() {
  return (
    <section aria-labelledby="career-title" className="bg-secondary/40">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Careers</p>
        <h1 id="career-title" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
          Help a million people understand their glucose
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
          We combine a two-week CGM bootcamp, an AI coach in Telegram and human coaches who know their participants by name. If you want
          your work to change how people eat, move and sleep, we would like to hear from you.
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.label} className="rounded-xl border bg-card p-4 shadow-sm">
              <p className="font-semibold">{value.label}</p>
              <p className="mt-1 text-sm text-muted-foreground">{value.detail}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
