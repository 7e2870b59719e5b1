import { OverviewAttention } from "@/components/operator/overview-attention";
import { OverviewNextCohorts, OverviewPledges, OverviewSales } from "@/components/operator/overview-business";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { operatorOverview } from "@/server/operator/overview";

export const metadata = { title: "Overview · Operator" };

function Section({ id, title, children, level = 2 }: { id: string; title: string; children: React.ReactNode; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <Heading id={id} className={level === 2 ? "text-lg font-semibold" : "font-semibold"}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export default async function OperatorHome() {
  await requireOperatorPage();
  const overview = await operatorOverview();
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Overview</h1>
        <p className="text-sm text-muted-foreground">
          What needs attention now and how the business is doing. Every figure opens the list behind it.
        </p>
      </div>
      <Section id="needs-attention" title="Needs attention">
        <OverviewAttention attention={overview.attention} />
      </Section>
      <Section id="business" title="How the business is doing">
        <div className="flex flex-col gap-8">
          <Section id="sales" title="Sales" level={3}>
            <OverviewSales sales={overview.sales} />
          </Section>
          <Section id="next-cohorts" title="Next cohorts to start" level={3}>
            <OverviewNextCohorts cohorts={overview.nextCohorts} />
          </Section>
          <Section id="pledges" title="Campaign" level={3}>
            <OverviewPledges pledges={overview.pledgesToday} />
          </Section>
        </div>
      </Section>
    </div>
  );
}
