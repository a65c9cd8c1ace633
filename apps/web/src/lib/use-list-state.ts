import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, sortToOrder, type SortState } from './table-state';
import { useDebouncedValue } from './use-debounced';

interface ListStateOptions<F extends Record<string, string>> {
  pageSize?: number;
  /** The first sort; none leaves the order to the server and the headers without sorting. */
  sort?: SortState;
  /** Choices beside the search box and their starting values, e.g. `{ access: 'all' }`. */
  filters?: F;
}

/**
 * What a paged list shows: its search text, filters, sort and page. Any change of what is
 * listed returns to the first page, so nobody is left on page 7 of a two-page result. The
 * search reaches the query once typing pauses (spec 2 §9: 200 ms), not at every key.
 */
export function useListState<F extends Record<string, string> = Record<never, string>>(
  options: ListStateOptions<F> = {},
) {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const [initialFilters] = useState(() => options.filters ?? ({} as F));
  const [page, setPage] = useState(0);
  const [search, setSearchText] = useState('');
  const [sort, setSortState] = useState(options.sort);
  const [filters, setFilters] = useState(initialFilters);
  const term = useDebouncedValue(search.trim());
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(0);
  };

  return {
    page,
    pageSize,
    /** As typed; `query.search` is the trimmed text. */
    search,
    /** The search box's binding: `<SearchInput label="…" {...list.searchBox} />`. */
    searchBox: { value: search, onValueChange: setSearch },
    sort,
    filters,
    setPage,
    setSearch,
    setSort(next: SortState) {
      setSortState(next);
      setPage(0);
    },
    setFilter<K extends keyof F>(key: K, value: F[K]) {
      setFilters((f) => ({ ...f, [key]: value }));
      setPage(0);
    },
    /** Search or a filter narrows the list: an empty page then means "no match". */
    narrowed: term !== '' || Object.keys(filters).some((k) => filters[k] !== initialFilters[k]),
    /** The paging part of a list route's query: page, size and the search when there is one. */
    query: { page, size: pageSize, ...(term ? { search: term } : {}) },
    /** The sort as list routes take it ('updatedAt:asc'). */
    order: sort ? sortToOrder(sort) : undefined,
  };
}

export type ListState = ReturnType<typeof useListState>;
