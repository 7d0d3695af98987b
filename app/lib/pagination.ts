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
