import { PricingPlans } from "./pricing-plans";

/** SPEC §2: the pricing section of /how-it-works, reachable as #pricing. */
export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-muted/50">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            Choose your plan
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Every plan starts with the same 14-day bootcamp. The longer plans keep your coach with you while the new habits settle in.
          </p>
        </div>
        <PricingPlans />
        <p className="mt-10 text-center text-sm text-muted-foreground">
          Prices are in US dollars; 8% tax is added at checkout. Already wear a CGM? Leave the device out and connect your own sensor.
        </p>
      </div>
    </section>
  );
}
