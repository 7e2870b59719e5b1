import "server-only";
import { ImageResponse } from "next/og";
import { badgeForPledgeNumber, formatPledgeNumber, type BadgeTier } from "@/lib/campaign/badge-tier";
import { site } from "@/lib/site";
import { cachedImageResponse } from "../cache/rendered-image";

// A pledge's Open Graph card (1200×630): its badge tier and number, so a shared pledge link unfurls
// with them. Drawn with next/og's built-in font.
export const PLEDGE_CARD_SIZE = { width: 1200, height: 630 } as const;

const MEDALS: Record<BadgeTier, { from: string; to: string; text: string }> = {
  gold: { from: "#fcd34d", to: "#d97706", text: "#451a03" },
  silver: { from: "#e2e8f0", to: "#94a3b8", text: "#0f172a" },
  bronze: { from: "#fdba74", to: "#c2410c", text: "#431407" },
  other: { from: "#99f6e4", to: "#14b8a6", text: "#042f2e" },
};

export function pledgeCardImage(pledgeNumber: number): ImageResponse {
  const badge = badgeForPledgeNumber(pledgeNumber);
  const medal = MEDALS[badge.tier];
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        padding: 72,
        gap: 64,
        background: "linear-gradient(135deg, #0f766e 0%, #134e4a 100%)",
        color: "#ffffff",
      }}
    >
      <div
        style={{
          width: 380,
          height: 380,
          borderRadius: 190,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          background: `linear-gradient(135deg, ${medal.from} 0%, ${medal.to} 100%)`,
          color: medal.text,
          border: "12px solid #ffffff",
        }}
      >
        <div style={{ display: "flex", fontSize: 44, fontWeight: 800 }}>{badge.name}</div>
        <div style={{ display: "flex", fontSize: 56, fontWeight: 800, marginTop: 12 }}>{formatPledgeNumber(pledgeNumber)}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", flex: 1, gap: 24 }}>
        <div style={{ display: "flex", fontSize: 30, fontWeight: 700, opacity: 0.9 }}>MAGIC · {site.name}</div>
        <div style={{ display: "flex", fontSize: 60, fontWeight: 800, lineHeight: 1.1 }}>I took the glucose awareness pledge</div>
        <div style={{ display: "flex", fontSize: 34, color: "#fcd34d" }}>{`Pledger ${formatPledgeNumber(pledgeNumber)} of a million`}</div>
      </div>
    </div>,
    PLEDGE_CARD_SIZE,
  );
}

/**
 * A pledge's card: it depends on the number alone, so it is drawn once per number (server/cache/rendered-image.ts);
 * `beforeDrawing` runs only when it must be drawn.
 */
export function pledgeCard(request: Request, pledgeNumber: number, beforeDrawing?: () => Promise<void>): Promise<Response> {
  return cachedImageResponse(request, `pledge-card:v1:${pledgeNumber}`, () => pledgeCardImage(pledgeNumber), beforeDrawing);
}
