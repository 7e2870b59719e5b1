import { cn } from "@/lib/cn";

// Each pair meets WCAG AA contrast (checked against the theme tokens in globals.css).
const TONES = ["bg-primary text-primary-foreground", "bg-accent text-accent-foreground", "bg-secondary text-secondary-foreground"] as const;

type InitialsAvatarProps = {
  initials: string;
  /** Picks one of the tones so neighbouring avatars differ. */
  tone?: number;
  size?: "md" | "lg";
  className?: string;
};

/** A circle with someone's initials; the team has no photos. Decorative: the name is always nearby. */
export function InitialsAvatar({ initials, tone = 0, size = "md", className }: InitialsAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full font-semibold tracking-wide",
        size === "lg" ? "size-20 text-2xl" : "size-14 text-lg",
        TONES[tone % TONES.length],
        className,
      )}
    >
      {initials}
    </span>
  );
}
