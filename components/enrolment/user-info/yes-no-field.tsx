import { cn } from "@/lib/cn";
import { FieldError } from "./field-error";

type Answer = "yes" | "no";

const OPTIONS: readonly { value: Answer; label: string }[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

type YesNoFieldProps = {
  /** The radio group's name; its inputs are `${name}-yes` and `${name}-no`. */
  name: string;
  legend: string;
  hint?: string;
  value: Answer | undefined;
  onChange: (value: Answer) => void;
  error?: string;
  className?: string;
};

/** A yes/no question as two native radios: arrow keys move between them, as in any radio group. */
export function YesNoField({ name, legend, hint, value, onChange, error, className }: YesNoFieldProps) {
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={cn("flex flex-col gap-3", className)} aria-describedby={describedBy}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={`${name}-hint`} className="-mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className="flex gap-3">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            htmlFor={`${name}-${option.value}`}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-4 text-sm has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2"
          >
            <input
              id={`${name}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}
