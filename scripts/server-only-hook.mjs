// For server code run outside Next (`npm run worker`). Its modules import "server-only", whose main
// export throws unless loaded under React's react-server condition, and that condition would also
// give react-dom/server's server-components build, which cannot render emails. So "server-only"
// alone resolves to an empty module, as Next resolves it on the server.
import { register } from "node:module";

const resolver = `export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: "data:text/javascript,", format: "module", shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(resolver)}`);
