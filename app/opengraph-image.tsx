import { ImageResponse } from "next/og";
import { site } from "@/lib/site";

export const alt = `${site.name}: a 14-day CGM glucose bootcamp with coaching`;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

// The share image for every page: rendered once at build time, served from our own origin.
export default function OpengraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        background: "linear-gradient(135deg, #0f766e 0%, #134e4a 100%)",
        color: "#ffffff",
      }}
    >
      <div style={{ fontSize: 40, fontWeight: 700, opacity: 0.9 }}>{site.name}</div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ fontSize: 76, fontWeight: 800, lineHeight: 1.05 }}>See what food really does</div>
        <div style={{ fontSize: 76, fontWeight: 800, lineHeight: 1.05, color: "#fcd34d" }}>to your glucose.</div>
      </div>
      <svg width="1056" height="120" viewBox="0 0 1056 120">
        <path
          d="M0 90 C 120 90, 160 20, 260 30 S 400 100, 520 80 S 700 20, 800 60 S 960 90, 1056 70"
          stroke="#fcd34d"
          strokeWidth="8"
          fill="none"
        />
      </svg>
      <div style={{ fontSize: 30, opacity: 0.9 }}>14 days · 7 to observe, 7 to experiment · coaching that stays</div>
    </div>,
    size,
  );
}
