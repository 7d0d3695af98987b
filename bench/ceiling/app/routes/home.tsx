import { useLoaderData } from "react-router";

export function meta() {
  return [{ title: "Framework ceiling" }];
}

/** A loader, as every shop page has one: its data goes through the hydration payload too. */
export function loader() {
  return { greeting: "Xin chào", renderedAt: new Date().toISOString() };
}

export default function Home() {
  const { greeting, renderedAt } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <p>Rendered at {renderedAt}.</p>
    </main>
  );
}
