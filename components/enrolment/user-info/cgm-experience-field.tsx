type Answer = "yes" | "no";

const OPTIONS: readonly { value: Answer; label: string }[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** SPEC §3 cgmExperience: yes or no, not enforced (SPEC §5). */
export function CgmExperienceField({ value, onChange }: { value: Answer | undefined; onChange: (value: Answer) => void }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Have you worn a continuous glucose monitor (CGM) before?</legend>
      <div className="flex gap-3">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            htmlFor={`cgmExperience-${option.value}`}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-4 text-sm has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2"
          >
            <input
              id={`cgmExperience-${option.value}`}
              type="radio"
              name="cgmExperience"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
