// Part of `npm run build`: compiles the job worker (scripts/worker.ts) into .next/worker.mjs, so a
// production install (`npm ci --omit=dev`, no tsx) runs it with `node .next/worker.mjs`
// (`npm run worker:production`). Packages stay imports, resolved from the installed node_modules.
import { build } from "esbuild";

// Next resolves "server-only" to an empty module on the server; the worker is server code too, and
// the package's own main export throws outside React's react-server condition.
const serverOnly = {
  name: "server-only",
  setup(builder) {
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

await build({
  entryPoints: ["scripts/worker.ts"],
  outfile: ".next/worker.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [serverOnly],
  logLevel: "warning",
});
