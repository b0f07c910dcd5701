import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// Everything the server answers on the same origin in production; the dev server forwards it there.
const serverOrigin = "http://127.0.0.1:3000";
const proxiedPrefixes = ["/api", "/code", "/oidc", "/dev", "/healthz", "/functions", "/storage"];

const compressible = /\.(js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `compressed` to `file` unless it is no smaller than `original`: the server then sends the file itself. */
async function writeIfSmaller(file: string, original: Buffer, compressed: Promise<Buffer>): Promise<void> {
  const bytes = await compressed;
  if (bytes.length < original.length) await writeFile(file, bytes);
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the build, once, at
 * the strongest settings: the server sends them as they are (`preCompressed` in
 * apps/server/src/plugins/web-app.ts) instead of compressing each response.
 */
function precompress(): Plugin {
  return {
    name: "cm:precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const writes = Object.values(bundle)
        .filter((file) => compressible.test(file.fileName))
        .flatMap((file) => {
          const content = Buffer.from(file.type === "chunk" ? file.code : file.source);
          const target = path.join(outDir, file.fileName);
          return [
            writeIfSmaller(
              `${target}.br`,
              content,
              brotli(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
            ),
            writeIfSmaller(`${target}.gz`, content, gzipAsync(content, { level: 9 })),
          ];
        });
      await Promise.all(writes);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    host: "127.0.0.1",
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: serverOrigin }])),
  },
  preview: {
    host: "127.0.0.1",
    port: 4173,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: serverOrigin }])),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // SheetJS is large and only the upload dialog needs it: its own chunk, fetched when the dialog opens.
            { name: "sheetjs", test: /node_modules[\\/]@e965[\\/]xlsx[\\/]/, priority: 3 },
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // Everything else is split by Rollup along the lazy screens: a fixed group of "what every
            // screen needs" put the menus, selects and tooltips of the signed-in screens on the
            // sign-in page (docs/performance.md, "Light pages").
          ],
        },
      },
    },
  },
});
