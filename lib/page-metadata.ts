import type { Metadata } from "next";
import { site } from "./site";

export type PageMetadataInput = {
  title: string;
  description: string;
  /** Path of the page, e.g. "/our-team"; becomes the canonical URL. */
  path: string;
  /** Keep the page out of search results (and the sitemap). */
  noindex?: boolean;
};

// The share image rendered by app/opengraph-image.tsx; a page's own openGraph replaces the root's,
// so every page names it.
const SHARE_IMAGE = { url: "/opengraph-image", width: 1200, height: 630, alt: `${site.name}: a 14-day CGM glucose bootcamp with coaching` };

/** Title, description, canonical URL, Open Graph and Twitter card for one page. */
export function pageMetadata({ title, description, path, noindex = false }: PageMetadataInput): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      siteName: site.name,
      title,
      description,
      url: path,
      locale: "en_US",
      images: [SHARE_IMAGE],
    },
    twitter: { card: "summary_large_image", title, description, images: [SHARE_IMAGE.url] },
    robots: noindex ? { index: false, follow: false } : { index: true, follow: true },
  };
}
