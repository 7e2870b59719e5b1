import Link from "next/link";
import { cn } from "@/lib/cn";

/** A list's choice of what it shows (`?show=`): links, the current one marked for assistive technology too. */
export function ListFilter<T extends string>({
  label,
  path,
  options,
  current,
}: {
  label: string;
  path: string;
  options: readonly { value: T; label: string }[];
  current: T;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {options.map((option, index) => (
          <li key={option.value}>
            <Link
              href={index === 0 ? path : `${path}?show=${option.value}`}
              aria-current={option.value === current ? "page" : undefined}
              className={cn(
                "inline-flex h-8 items-center rounded-full border px-3 font-medium underline-offset-4 hover:underline",
                option.value === current ? "border-primary bg-primary text-primary-foreground" : "bg-background",
              )}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
