import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PricingPlans } from "@/components/pricing/pricing-plans";
import { DEFAULT_CGM_MARKETPLACE_URL } from "@/lib/public-env";
import { storeRecommendedPlan } from "@/components/pricing/stored-recommended-plan";
import { storageKeys } from "@/lib/storage-keys";

afterEach(() => window.localStorage.clear());

const card = (name: string) => screen.getByRole("group", { name });
const price = (name: string) => within(card(name)).getByTestId("plan-price").textContent;
const continueLink = () => screen.getByRole("link", { name: /Continue with/ });

describe("pricing section", () => {
  it("preselects Popular when nothing was recommended", () => {
    render(<PricingPlans />);
    expect(within(card("Popular")).getByRole("button", { name: "Selected Plan: Popular" }).getAttribute("aria-pressed")).toBe("true");
    expect(continueLink().getAttribute("href")).toBe("/user-info?plan=popular&cgm=false");
  });

  it.each([
    ["starter", "Starter"],
    ["premium", "Premium"],
  ] as const)("preselects the stored recommendation %s and marks it", (planType, name) => {
    window.localStorage.setItem(storageKeys.recommendedPlan, JSON.stringify(planType));
    render(<PricingPlans />);
    expect(within(card(name)).getByText("Recommended for you")).toBeTruthy();
    expect(continueLink().getAttribute("href")).toBe(`/user-info?plan=${planType}&cgm=false`);
  });

  it("ignores a foreign stored recommendation", () => {
    window.localStorage.setItem(storageKeys.recommendedPlan, "{not json");
    render(<PricingPlans />);
    expect(continueLink().getAttribute("href")).toBe("/user-info?plan=popular&cgm=false");
  });

  it("follows a recommendation announced while the page is open", () => {
    render(<PricingPlans />);
    act(() => storeRecommendedPlan("premium"));
    expect(continueLink().getAttribute("href")).toBe("/user-info?plan=premium&cgm=false");
  });

  it("selects a card on click and changes every price with the CGM toggle", () => {
    render(<PricingPlans />);
    expect([price("Starter"), price("Popular"), price("Premium")]).toEqual(["$99", "$129", "$139"]);
    fireEvent.click(screen.getByRole("switch", { name: /Include a CGM device/ }));
    expect(screen.getByRole("switch", { name: /Include a CGM device/ }).getAttribute("aria-checked")).toBe("true");
    expect([price("Starter"), price("Popular"), price("Premium")]).toEqual(["$149", "$179", "$189"]);
    fireEvent.click(card("Starter"));
    expect(continueLink().getAttribute("href")).toBe("/user-info?plan=starter&cgm=true");
    expect(screen.getByText(/Total with 8% tax: \$160\.92/)).toBeTruthy();
  });

  it("links out to a marketplace page for buying the CGM, in a new tab, with no configuration (SPEC §2)", () => {
    render(<PricingPlans />);
    const link = screen.getByRole("link", { name: /Buy a CGM sensor separately/ });
    expect(link.getAttribute("href")).toBe(DEFAULT_CGM_MARKETPLACE_URL);
    expect(new URL(DEFAULT_CGM_MARKETPLACE_URL).protocol).toBe("https:");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });
});
