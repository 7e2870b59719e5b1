import { redirect } from "next/navigation";
import { firstParam, type SearchParams } from "@/lib/search-params";
import { PaymentFlow } from "@/components/enrolment/payment/payment-flow";
import { PRICING_PATH, parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Choose your cohort and pay",
  description: "Steps 2 and 3 of joining the Glucose Challenge: pick your cohort, then pay securely with Stripe.",
  path: "/payment",
  noindex: true,
});

export default async function PaymentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  // D12: the plan comes in the query; without a valid one there is nothing to pay for.
  const choice = parsePlanChoice(params);
  if (!choice) redirect(PRICING_PATH);
  return <PaymentFlow choice={choice} initialStep={firstParam(params, "step") === "pay" ? "pay" : "cohort"} />;
}
