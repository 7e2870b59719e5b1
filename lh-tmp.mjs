import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { writeFileSync } from "node:fs";
const url = process.argv[2]; const out = process.argv[3];
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update"], logLevel: "silent" });
try {
  const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  writeFileSync(out, JSON.stringify(r.lhr));
  const a = r.lhr.audits;
  console.log(url, "score", Math.round(r.lhr.categories.performance.score*100), "FCP", Math.round(a["first-contentful-paint"].numericValue), "LCP", Math.round(a["largest-contentful-paint"].numericValue), "TBT", Math.round(a["total-blocking-time"].numericValue), "SI", Math.round(a["speed-index"].numericValue), "CLS", a["cumulative-layout-shift"].numericValue);
} finally { chrome.kill(); }
