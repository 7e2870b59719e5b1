import "server-only";
import { ImageResponse } from "next/og";
import { site } from "@/lib/site";
import type { CardTheme } from "@/lib/posts/share-card";
import { cardText } from "./share-cards";

// A share card as a 1080×1080 PNG (square: it fits every network's feed). Drawn by the app with
// next/og's built-in font, so nothing is downloaded to draw it.
export const SHARE_CARD_SIZE = { width: 1080, height: 1080 } as const;

const THEMES: Record<CardTheme, { background: string; text: string; accent: string }> = {
  teal: { background: "linear-gradient(135deg, #0f766e 0%, #134e4a 100%)", text: "#ffffff", accent: "#fcd34d" },
  amber: { background: "linear-gradient(135deg, #fef3c7 0%, #fcd34d 100%)", text: "#1c1917", accent: "#0f766e" },
  ink: { background: "linear-gradient(135deg, #1e293b 0%, #0f172a 100%)", text: "#f8fafc", accent: "#5eead4" },
};

export type CardContent = { theme: CardTheme; headline: string; body: string };

export function shareCardImage(card: CardContent, headers: Record<string, string> = {}): ImageResponse {
  const theme = THEMES[card.theme];
  const headline = cardText(card.headline, 120);
  const body = cardText(card.body, 400);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 88,
        background: theme.background,
        color: theme.text,
      }}
    >
      <div style={{ display: "flex", fontSize: 34, fontWeight: 700, opacity: 0.9 }}>{site.name}</div>
      <div style={{ display: "flex", flexDirection: "column", gap: 40 }}>
        <div style={{ display: "flex", fontSize: headline.length > 40 ? 64 : 80, fontWeight: 800, lineHeight: 1.1, color: theme.accent }}>
          {headline}
        </div>
        <div style={{ display: "flex", fontSize: body.length > 160 ? 40 : 48, lineHeight: 1.35 }}>{body}</div>
      </div>
      <svg width="904" height="100" viewBox="0 0 904 100">
        <path
          d="M0 75 C 100 75, 140 15, 225 25 S 345 85, 450 65 S 600 15, 690 50 S 820 75, 904 58"
          stroke={theme.accent}
          strokeWidth="8"
          fill="none"
        />
      </svg>
    </div>,
    { ...SHARE_CARD_SIZE, headers },
  );
}
