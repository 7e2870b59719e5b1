import { useId, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";

type AuthFieldProps = Omit<ComponentProps<typeof Input>, "id" | "aria-invalid" | "aria-describedby"> & {
  label: string;
  /** Shown under the input and announced; marks the input invalid. */
  error?: string | null;
  /** A short rule shown under the input (e.g. the password minimum). */
  hint?: string;
};

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function AuthField({ label, error, hint, ...inputProps }: AuthFieldProps) {
  const id = useId();
  return (
    <FormField id={id} label={label} hint={hint} error={error} announceError>
      {(control) => <Input {...control} {...inputProps} />}
    </FormField>
  );
}
