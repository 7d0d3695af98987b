import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { contentSecurityPolicy, createNonce } from "~/server/content-security-policy.server";
import { keepsModulePreloads, withoutModulePreloads } from "~/server/module-preloads.server";
import { tickBatchingStream } from "~/server/tick-batching-stream.server";

// React Router's default server entry (`react-router reveal entry.server`), plus the page's
// Content-Security-Policy: a fresh nonce per render, set on the response here (a page the page
// cache stores for everyone gets its inline scripts pinned by hash instead: page-cache.server.ts);
// storefront pages leave out the module preloads (module-preloads.server.ts).

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  // Uploaded images may be served from the bucket's public address (S3_PUBLIC_URL).
  const bucketUrl = loadContext.env.S3?.publicUrl;
  const imageOrigins = bucketUrl ? [new URL(bucketUrl).origin] : [];
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({ nonce, development: import.meta.env.DEV, imageOrigins }),
  );

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // React's chunks of one turn leave as one (tick-batching-stream.server.ts), and the
          // module preloads are taken out of that one chunk rather than of each small one.
          const batched = tickBatchingStream({
            onFinal() {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
          });
          const body = keepsModulePreloads(new URL(request.url).pathname)
            ? batched
            : batched.pipe(withoutModulePreloads());
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(batched);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
