/** Rows per page in the admin lists. */
export const ADMIN_PAGE_SIZE = 25;

/** One page of a list paginated in SQL. */
export interface Page<T> {
  rows: T[];
  /** 1-based; clamped to the last page. */
  page: number;
  pageSize: number;
  /** Rows matching the filters (all pages). */
  total: number;
  pageCount: number;
}

/**
 * The link to one page of a filtered admin list: the filters that are set, in the order given,
 * then `page` when past the first; the list's own path when there is nothing to add.
 */
export function listPageHref(path: string, filters: Record<string, string | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : path;
}
