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
            // The query client and Mantine's core with the components nearly every page shows, in one
            // chunk fetched with the entry. Left to automatic splitting they came as some twenty tiny
            // chunks per page, requested only once the page's chunk was asked for (six at a time over
            // HTTP/1.1), and gzipped one by one they weighed 7 KB more on the applicant form.
            // Components only some pages use (tables, menus, dialogs) stay in chunks of their own.
            {
              name: "ui",
              test: /node_modules[\\/](@tanstack[\\/]|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Box|Stack|Group|Text|Title|Button|UnstyledButton|Paper|Card|Container|Center|Alert|Divider|Loader|VisuallyHidden|Anchor|Input|InputBase|TextInput|CloseButton)[\\/]))/,
              priority: 1,
            },
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
