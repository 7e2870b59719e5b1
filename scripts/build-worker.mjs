// Part of `npm run build`: compiles the job worker (scripts/worker.ts) into .next/worker.mjs, so a
// production install (`npm ci --omit=dev`, no tsx) runs it with `node .next/worker.mjs`
// (`npm run worker:production`). Packages stay imports, resolved from the installed node_modules.
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
  entryPoints: ["scripts/worker.ts"],
  outfile: ".next/worker.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [serverOnly, subpathsByFile],
  logLevel: "warning",
});
