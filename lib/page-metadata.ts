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
    },
    twitter: { card: "summary_large_image", title, description },
    robots: noindex ? { index: false, follow: false } : { index: true, follow: true },
  };
}
