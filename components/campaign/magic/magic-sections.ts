// SPEC §2 /magic: the sticky header's links scroll to these sections (100 px offset, SPEC §9).
export const MAGIC_SECTIONS = [
  { id: "about", label: "About" },
  { id: "partner", label: "Partner" },
  { id: "story", label: "Story" },
  { id: "highlights", label: "Highlights" },
] as const;
