import { registerHooks } from "node:module";

/**
 * Loaded before the server's modules by everything that starts it (`node --import
 * ./src/module-resolution.ts src/server.ts`: apps/server/package.json's scripts, the tests' processes and
 * workers through `testNodeFlags` in src/testing/processes.ts): drizzle-orm's files find each
 * other without Node reading drizzle-orm's package.json again for every import.
 *
 * To tell whether a file it resolves is an ES module, Node 24 reads the package.json of the
 * file's package and parses its whole `exports` field, for every import it resolves (the native
 * side caches the file, not the parsed field). drizzle-orm's `exports` lists hundreds of entry
 * points and its files import each other well over a thousand times, so that parsing made loading
 * drizzle-orm, and with it every process that starts a server, a seed, a backup or a server test
 * worker, take most of a second longer (docs/architecture.md, "TypeScript without a build step",
 * gives the figures).
 *
 * Only drizzle-orm's relative imports of its own `.js` files are answered here: the package is
 * `"type": "module"`, so each is an ES module at the URL the specifier names, which is also what
 * Node answers, so a file reached both ways is one module. Every other import goes to Node.
 */
const drizzleFolder = "/node_modules/drizzle-orm/";

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      specifier.startsWith(".") &&
      specifier.endsWith(".js") &&
      context.parentURL?.startsWith("file:") &&
      context.parentURL.includes(drizzleFolder)
    ) {
      return { url: new URL(specifier, context.parentURL).href, format: "module", shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
