"use client";

import { ChevronDown } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { cn } from "@/lib/cn";

export type OperatorSection = readonly [href: string, label: string];

/**
 * The operator area's sections: a row of links from 768 px, a disclosure (a details element, so it
 * opens by keyboard and without script) on a phone, closed again once a section is chosen.
 */
export function OperatorNav({ sections }: { sections: readonly OperatorSection[] }) {
  const pathname = usePathname();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  const links = (className: string) =>
    sections.map(([href, label]) => {
      const current = pathname === href || pathname.startsWith(`${href}/`);
      return (
        <li key={href}>
          <Link aria-current={current ? "page" : undefined} className={cn(className, current && "font-semibold underline")} href={href}>
            {label}
          </Link>
        </li>
      );
    });

  return (
    <nav aria-label="Operator" className="text-sm font-medium">
      <ul className="hidden items-center gap-6 md:flex">{links("underline-offset-4 hover:underline")}</ul>
      <details ref={menu} className="group md:hidden">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md border px-3 py-2 [&::-webkit-details-marker]:hidden">
          Sections <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <ul className="absolute inset-x-0 z-30 mt-3 flex flex-col border-b bg-background px-4 py-2 shadow-sm">
          {links("block rounded-md px-2 py-3 underline-offset-4 hover:bg-muted")}
        </ul>
      </details>
    </nav>
  );
}
