/**
 * Two weeks of a glucose trace: the observe week shows tall after-meal spikes, the experiment week
 * the flatter curve that small changes produce. Drawn inline so no image host is needed.
 */
export function BootcampCurveIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 260" role="img" aria-labelledby="bootcamp-curve-title" className={className}>
      <title id="bootcamp-curve-title">
        A glucose trace across 14 days: tall spikes during days 1 to 7 while observing, gentler curves during days 8 to 14 while
        experimenting.
      </title>
      <rect x="0" y="0" width="480" height="260" rx="20" className="fill-card" />
      <rect x="24" y="40" width="216" height="170" rx="10" className="fill-accent" />
      <rect x="240" y="40" width="216" height="170" rx="10" className="fill-secondary" />
      <line x1="24" x2="456" y1="150" y2="150" strokeDasharray="4 6" strokeWidth="1.5" className="stroke-muted-foreground/50" />
      <path
        d="M24 160 C40 160 44 70 62 70 S80 160 96 160 S112 150 122 150 C138 150 142 60 160 60 S178 158 196 158 S214 96 224 96 S236 150 240 152 C258 152 262 122 278 122 S296 150 312 150 S330 128 344 128 S362 150 376 150 S394 132 406 132 S424 150 440 150 L456 150"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-primary"
      />
      <text x="36" y="30" className="fill-foreground text-[15px] font-semibold">
        Days 1–7 · Observe
      </text>
      <text x="252" y="30" className="fill-foreground text-[15px] font-semibold">
        Days 8–14 · Experiment
      </text>
      <text x="36" y="238" className="fill-muted-foreground text-[13px]">
        Live as usual, log meals
      </text>
      <text x="252" y="238" className="fill-muted-foreground text-[13px]">
        Change one habit at a time
      </text>
    </svg>
  );
}
