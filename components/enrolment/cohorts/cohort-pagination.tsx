import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

type CohortPaginationProps = { page: number; pages: number; onPage: (page: number) => void };

/** SPEC §2: previous/next and page numbers. */
export function CohortPagination({ page, pages, onPage }: CohortPaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Cohort pages" className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={buttonVariants({ variant: "outline", size: "sm" })}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" /> Previous
      </button>
      {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
        <button
          key={number}
          type="button"
          aria-label={`Page ${number}`}
          aria-current={number === page ? "page" : undefined}
          className={buttonVariants({ variant: number === page ? "default" : "ghost", size: "icon", className: "size-9" })}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={buttonVariants({ variant: "outline", size: "sm" })}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next <ChevronRight aria-hidden="true" />
      </button>
    </nav>
  );
}
