import type { AppServices } from "~/server/context.server";

declare module "react-router" {
  // Loaders and actions read the process's services straight off their context
  // (`context.database`, `context.logger`…): server/app.ts copies them onto each request's
  // RouterContextProvider. React Router's migration path from AppLoadContext; values added by
  // middleware use createContext and context.get/set instead.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RouterContextProvider extends AppServices {}
  // What route tests build by hand: the same services as a plain object.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppServices {}
}
