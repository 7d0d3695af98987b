import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogue } from "~/lib/i18n/catalogue-store";
import { localeOfPath } from "~/lib/i18n/locale";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The page's texts are a file the head already asked for (root.tsx, decision 0036). Hydrating
// without them would replace every text with its key; if they cannot be fetched, the page stays
// as the server rendered it, which works without JavaScript (links and form posts).
const catalogueUrl = document.querySelector<HTMLLinkElement>("link[data-catalogue]")?.getAttribute("href");
if (catalogueUrl) {
  loadCatalogue(localeOfPath(window.location.pathname), catalogueUrl).then(hydrate, (error: unknown) =>
    console.error("The page's texts could not be loaded; it stays a plain page.", error),
  );
} else {
  hydrate();
}
