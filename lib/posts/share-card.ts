// SPEC §2 Images, D7: what a post's share card says, as stored; server/posts/share-cards.ts writes
// it from the author's story and share-card-image.tsx draws it.

export type CardTheme = "teal" | "amber" | "ink";
export type ShareCard = { theme: CardTheme; headline: string; body: string; description: string };
