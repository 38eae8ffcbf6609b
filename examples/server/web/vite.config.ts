import { defineConfig } from "vite";

// `npm run dev` serves the client with hot reload and forwards the API and the WebSocket to a
// server on :8080 (`cargo run -p mjkit-server`); `npm run build` writes dist/ for the server.
export default defineConfig({
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8080",
      "/ws": { target: "ws://127.0.0.1:8080", ws: true },
    },
  },
  build: { outDir: "dist", emptyOutDir: true },
});
