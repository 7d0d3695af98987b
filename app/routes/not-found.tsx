import { data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  context.logger.warn({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

/** Not indexed: a crawler must never keep a missing path (SPEC §2: the 404 page). */
export const meta: Route.MetaFunction = () => [
  { title: "Oops! Page not found" },
  { name: "robots", content: "noindex, follow" },
];

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-brand-teal-strong">404</p>
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <p className="text-brand-cool-gray">The page you are looking for does not exist or has moved.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href="/" className="rounded-full bg-brand-charcoal px-6 py-3 font-medium text-white">
          Return to Home
        </a>
        <a href="/shop" className="rounded-full border-2 border-brand-charcoal px-6 py-3 font-medium">
          Shop all products
        </a>
      </div>
    </main>
  );
}
