import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { pageCount } from '../lib/table-state';
import { Button } from './Button';

interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  count: number;
  onPageChange(pageIndex: number): void;
  className?: string;
  /** What the rows are, for the range text: 'meetings'. */
  noun?: string;
}

/** Previous / next and 'Page x of y' (page count = ceil(count / size), at least 1). */
export function Pagination({
  pageIndex,
  pageSize,
  count,
  onPageChange,
  className,
  noun = 'rows',
}: PaginationProps) {
  const pages = pageCount(count, pageSize);
  const page = Math.min(pageIndex, pages - 1);
  const first = count === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(count, (page + 1) * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 text-sm text-muted',
        className,
      )}
    >
      <p className="tabular" aria-live="polite">
        {count === 0
          ? `No ${noun}`
          : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(count)} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label="Previous page"
          disabled={page <= 0}
          onClick={() => onPageChange(page - 1)}
          className="px-2"
        >
          <ChevronLeft aria-hidden />
        </Button>
        <span className="tabular min-w-24 text-center" data-testid="page-indicator">
          Page {page + 1} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-label="Next page"
          disabled={page >= pages - 1}
          onClick={() => onPageChange(page + 1)}
          className="px-2"
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
