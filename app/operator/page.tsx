import { redirect } from "next/navigation";
import { requireOperatorPage } from "@/server/operator/operator-page";

export default async function OperatorHome() {
  await requireOperatorPage();
  redirect("/operator/cohorts");
}
