import { localeOfPath } from "~/lib/i18n/locale";

/** How a storefront loader reads page content: in the request's language, problems logged. */
export function contentOptions(request: Request, context: { logger: ContentLogger }) {
  return { locale: localeOfPath(new URL(request.url).pathname), logger: context.logger };
}

interface ContentLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
