import { Label } from "@/components/ui/label";

export type FieldControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean };

/**
 * A labelled control with its hint and its error, tied to it for screen readers: the control gets
 * `id`, `aria-describedby` and `aria-invalid` through `children(props)`. `announceError` makes the
 * error an alert of its own (a form with one summary alert leaves it off).
 */
export function FormField({
  id,
  label,
  hint,
  error,
  announceError = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  announceError?: boolean;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={announceError ? "alert" : undefined} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
