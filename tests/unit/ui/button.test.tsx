import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";

import { Button, buttonVariants } from "@/components/ui/button";

afterEach(cleanup);

function classesOf(element: HTMLElement): string[] {
  return element.className.split(/\s+/).filter(Boolean);
}

// Expected class sets are written out here (not derived from buttonVariants) so a change to the
// variant definitions has to be made deliberately in both places.
const variantClasses = {
  default: ["bg-primary", "text-primary-foreground"],
  destructive: ["bg-destructive", "text-destructive-foreground"],
  outline: ["border", "border-input", "bg-background"],
  secondary: ["bg-secondary", "text-secondary-foreground"],
  ghost: ["hover:bg-accent", "hover:text-accent-foreground"],
  link: ["text-primary", "underline-offset-4", "hover:underline"],
} as const;

const sizeClasses = {
  default: ["h-10", "px-4"],
  sm: ["h-9", "px-3"],
  lg: ["h-11", "px-8"],
  icon: ["size-10"],
} as const;

type Variant = keyof typeof variantClasses;
type Size = keyof typeof sizeClasses;

const variants = Object.keys(variantClasses) as Variant[];
const sizes = Object.keys(sizeClasses) as Size[];

describe("Button", () => {
  it("renders a native button with its accessible name and the default variant and size", () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });

    expect(button.tagName).toBe("BUTTON");
    const classes = classesOf(button);
    expect(classes).toEqual(expect.arrayContaining([...variantClasses.default, ...sizeClasses.default]));
    expect(classes).toContain("focus-visible:ring-ring");
  });

  it.each(variants)("applies the %s variant classes and none of the other variants' backgrounds", (variant) => {
    render(<Button variant={variant}>Action</Button>);
    const classes = classesOf(screen.getByRole("button", { name: "Action" }));

    expect(classes).toEqual(expect.arrayContaining([...variantClasses[variant]]));
    for (const other of variants) {
      if (other === variant) continue;
      const background = variantClasses[other].find((c) => c.startsWith("bg-"));
      if (background && !(variantClasses[variant] as readonly string[]).includes(background)) {
        expect(classes).not.toContain(background);
      }
    }
  });

  it.each(sizes)("applies the %s size classes and no other height", (size) => {
    render(<Button size={size}>Action</Button>);
    const classes = classesOf(screen.getByRole("button", { name: "Action" }));

    expect(classes).toEqual(expect.arrayContaining([...sizeClasses[size]]));
    const heights = classes.filter((c) => /^(h|size)-\d+$/.test(c));
    expect(heights).toEqual([sizeClasses[size][0]]);
  });

  it("matches buttonVariants output so other elements can reuse the styles", () => {
    render(
      <Button variant="outline" size="sm">
        Action
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Action" });

    expect(classesOf(button).sort()).toEqual(buttonVariants({ variant: "outline", size: "sm" }).split(/\s+/).filter(Boolean).sort());
  });

  it("lets a caller's className override a conflicting utility", () => {
    render(
      <Button size="sm" className="h-14">
        Tall
      </Button>,
    );
    const classes = classesOf(screen.getByRole("button", { name: "Tall" }));

    expect(classes).toContain("h-14");
    expect(classes).not.toContain("h-9");
  });

  it("renders its child element instead of a button when asChild is set", () => {
    render(
      <Button asChild variant="secondary" size="lg">
        <a href="/somewhere">Go somewhere</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Go somewhere" });

    expect(link.tagName).toBe("A");
    expect(link.getAttribute("href")).toBe("/somewhere");
    expect(classesOf(link)).toEqual(expect.arrayContaining([...variantClasses.secondary, ...sizeClasses.lg]));
    expect(screen.queryByRole("button")).toBeNull();
  });
});
