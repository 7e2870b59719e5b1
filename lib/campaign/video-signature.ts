import type { StoryMediaType } from "./story-media";

// A story video is kept only when its first bytes are the container its type names, so a
// page or script uploaded under a video type is refused (and deleted) when its story is submitted.

/** How many leading bytes the check reads. */
export const VIDEO_SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** WebM is Matroska: an EBML header, 1A 45 DF A3. */
const isEbml = (bytes: Uint8Array) => bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
/** ISO base media (MP4): a box size, then the `ftyp` box. */
const isIsoMedia = (bytes: Uint8Array) => ascii(bytes, 4, 8) === "ftyp";
/** QuickTime: `ftyp` in newer files, older ones open with another top-level atom. */
const QUICKTIME_ATOMS = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);

/** Whether a file's leading bytes are the container of `type`. */
export function hasVideoSignature(type: StoryMediaType, leading: Uint8Array): boolean {
  if (leading.length < 8) return false;
  switch (type) {
    case "video/webm":
      return isEbml(leading);
    case "video/mp4":
      return isIsoMedia(leading);
    case "video/quicktime":
      return QUICKTIME_ATOMS.has(ascii(leading, 4, 8));
  }
}
