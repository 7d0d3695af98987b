import { buildIfStale } from "../../scripts/build-if-stale.mjs";

/** The suites start `scripts/start.mjs` several times at once: build once here, not in each process. */
export default function globalSetup() {
  if (!buildIfStale()) throw new Error("the production build failed");
}
