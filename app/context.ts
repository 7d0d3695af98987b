import type { AppServices } from "~/server/context.server";

declare module "react-router" {
  // Loaders and actions receive the process's services as their context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppServices {}
}
