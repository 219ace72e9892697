// Paged lists: which rows a page covers. The largest page and page size are the contract's (components/parameters Page and PageSize).

export interface PageRequest {
  /** From 1. */
  page: number;
  /** Rows per page. */
  limit: number;
}

/** The rows of a page as a limit and an offset; a page past the last row is simply empty. */
export function pageWindow({ page, limit }: PageRequest): { limit: number; offset: number } {
  return { limit, offset: (page - 1) * limit };
}
