import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // React Router 8's behaviour, adopted one flag at a time (docs/decisions/0019-node-24-and-react-router-8.md).
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders and actions still read the page's address from request.url: server/route-handlers.ts.
    v8_passThroughRequests: true,
  },
} satisfies Config;
