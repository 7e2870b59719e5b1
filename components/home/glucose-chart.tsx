/** An illustrative day of CGM readings: a spike after breakfast, a flatter curve after a walk. */
export function GlucoseChart() {
  return (
    <svg
      viewBox="0 0 480 300"
      role="img"
      aria-label="A day of glucose readings: a sharp spike after breakfast, a gentle rise after lunch with a walk"
      className="block h-auto w-full"
    >
      <rect width="480" height="300" fill="#f0faf8" />
      <rect x="40" y="110" width="420" height="90" fill="#ccefe9" />
      <text x="48" y="128" fontSize="12" fill="#0f5e57">
        target range
      </text>
      {[60, 110, 160, 210, 260].map((y) => (
        <line key={y} x1="40" x2="460" y1={y} y2={y} stroke="#d8e6e3" strokeWidth="1" />
      ))}
      <path
        d="M40 180 C 70 180, 80 178, 100 176 S 120 70, 150 62 S 185 190, 215 196 S 250 178, 275 172 S 300 140, 320 146 S 350 170, 380 174 S 430 178, 460 176"
        fill="none"
        stroke="#0f766e"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="150" cy="62" r="7" fill="#f59e0b" />
      <text x="162" y="52" fontSize="13" fontWeight="600" fill="#7c4a03">
        Breakfast spike
      </text>
      <circle cx="320" cy="146" r="7" fill="#0f766e" />
      <text x="300" y="128" fontSize="13" fontWeight="600" fill="#0f5e57">
        Lunch + walk
      </text>
      <text x="40" y="230" fontSize="12" fill="#4b5563">
        6:00
      </text>
      <text x="240" y="230" fontSize="12" fill="#4b5563">
        12:00
      </text>
      <text x="430" y="230" fontSize="12" fill="#4b5563">
        18:00
      </text>
    </svg>
  );
}
