import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Everything the server answers on the same origin in production; the dev server forwards it there.
const serverOrigin = "http://127.0.0.1:3000";
const proxiedPrefixes = ["/api", "/code", "/oidc", "/dev", "/healthz", "/functions", "/storage"];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
            // What every screen needs; libraries only some screens use (dnd-kit, the date picker,
            // the virtualizer) go with those screens' chunks.
            {
              name: "vendor",
              test: /node_modules[\\/](@tanstack[\\/]react-query|radix-ui|@radix-ui|oidc-client-ts|sonner|lucide-react|zod|clsx|tailwind-merge|class-variance-authority)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
