import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site";
import { PRIVATE_PATHS } from "@/lib/public-pages";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: [...PRIVATE_PATHS] }],
    sitemap: siteUrl("/sitemap.xml"),
  };
}
