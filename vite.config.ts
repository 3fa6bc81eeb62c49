import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA lives in src/client and is served by the API server from dist/client in production.
export default defineConfig({
  root: "src/client",
  plugins: [react()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each page needs (scripts/bundle-size.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    // In development the Vite server forwards API calls so cookies stay same-origin.
    proxy: {
      "/api": "http://localhost:3000",
    },
  },
});
