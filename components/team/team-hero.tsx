export function TeamHero() {
  return (
    <section aria-labelledby="team-title" className="bg-secondary/40">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center md:px-6 md:py-20 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Our team</p>
        <h1 id="team-title" className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
          The people beside you for your fourteen days
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
          The AI coach in Telegram is there at 2 am. The people on this page are why it gives good answers: coaches who lead every cohort,
          clinicians and researchers who check what we teach, and the small team that builds it all.
        </p>
      </div>
    </section>
  );
}
