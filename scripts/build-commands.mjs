// Part of `npm run build`: compiles the commands a production host runs besides `next start` into
// .next/: the job worker (scripts/worker.ts → .next/worker.mjs), the operator command
// (scripts/operator.ts → .next/operator.mjs), the payout run (scripts/payouts.ts →
// .next/payouts.mjs), the migrator (scripts/db-migrate.ts → .next/migrate.mjs, which reads
// supabase/ beside .next/) and the Telegram webhook's registration (scripts/set-telegram-webhook.ts →
// .next/telegram-webhook.mjs). A production install (`npm ci --omit=dev`) has no tsx, so it runs them
// with node (`npm run worker:production`, `operator:production`, `payouts:production`,
// `db:migrate:production`, `telegram:webhook:production`). Packages stay imports, resolved from the
// installed node_modules.
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const require = createRequire(import.meta.url);

// Next resolves "server-only" to an empty module on the server; the worker is server code too, and
// the package's own main export throws outside React's react-server condition.
const serverOnly = {
  name: "server-only",
  setup(builder) {
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

// Node resolves a subpath of a package without an "exports" map (next/server) only by its file
// name, as bundlers and tsx do not need: such an import is written with its file (next/server.js).
const subpathsByFile = {
  name: "subpaths-by-file",
  setup(builder) {
    builder.onResolve({ filter: /^(@[^/]+\/[^/]+|[^@./][^/]*)\/./ }, (args) => {
      const parts = args.path.split("/");
      const name = parts.slice(0, args.path.startsWith("@") ? 2 : 1).join("/");
      let manifest;
      try {
        manifest = require(`${name}/package.json`);
      } catch {
        return undefined; // Its "exports" map does not list package.json: Node resolves it by the map.
      }
      if (manifest.exports) return undefined;
      const packageDir = path.dirname(require.resolve(`${name}/package.json`));
      const file = path.relative(packageDir, require.resolve(args.path)).split(path.sep).join("/");
      return { path: `${name}/${file}`, external: true };
    });
  },
};

await build({
  entryPoints: {
    worker: "scripts/worker.ts",
    operator: "scripts/operator.ts",
    payouts: "scripts/payouts.ts",
    migrate: "scripts/db-migrate.ts",
    "telegram-webhook": "scripts/set-telegram-webhook.ts",
  },
  outdir: ".next",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [serverOnly, subpathsByFile],
  logLevel: "warning",
});
