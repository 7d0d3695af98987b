import type { AppServices } from "~/server/context.server";

// Loaders and actions read the process's services straight off their context
// (`context.database`, `context.logger`…): server/app.ts copies them onto each request's
// RouterContextProvider (docs/decisions/0019). Values added by middleware use createContext and
// context.get/set instead. React Router 8 declares the class in one file of each of its two type
// trees: the route types' ("react-router/internal") and the package's own; an augmentation of
// "react-router" no longer reaches it, so both declarations are augmented where they live.
declare module "../node_modules/react-router/dist/development/lib/router/utils" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RouterContextProvider extends AppServices {}
}
declare module "../node_modules/react-router/dist/production/lib/router/utils" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RouterContextProvider extends AppServices {}
}

declare module "react-router" {
  // What route tests build by hand: the same services as a plain object.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppServices {}
}
