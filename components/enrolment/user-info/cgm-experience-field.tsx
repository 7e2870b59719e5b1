import { YesNoField } from "./yes-no-field";

/** SPEC §3 cgmExperience: yes or no, not enforced (SPEC §5). */
export function CgmExperienceField({ value, onChange }: { value: "yes" | "no" | undefined; onChange: (value: "yes" | "no") => void }) {
  return (
    <YesNoField name="cgmExperience" legend="Have you worn a continuous glucose monitor (CGM) before?" value={value} onChange={onChange} />
  );
}
