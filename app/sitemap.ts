import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site";
import { INDEXED_PAGES } from "@/lib/public-pages";

export default function sitemap(): MetadataRoute.Sitemap {
  return INDEXED_PAGES.map((page) => ({
    url: siteUrl(page.path),
    changeFrequency: page.changeFrequency,
    priority: page.priority,
  }));
}
