import type { Config } from "@react-router/dev/config";

export default {
  // React Router 8: middleware, Vite's environments, split route modules, trailing-slash-aware
  // data requests and raw requests are the defaults (docs/decisions/0019-node-24-and-react-router-8.md).
  ssr: true,
} satisfies Config;
