import type { Config } from "@react-router/dev/config";

// The framework's ceiling for `npm run bench -- pages` (bench/ceiling/README.md): server rendering
// as the shop does, built outside the repository's sources (node_modules/.cache is ignored everywhere).
export default {
  ssr: true,
  buildDirectory: "../../node_modules/.cache/bench-ceiling",
} satisfies Config;
