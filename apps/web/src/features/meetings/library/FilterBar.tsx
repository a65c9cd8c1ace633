import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { X } from 'lucide-react';
import { INFERENCE_STATUSES, MEETING_STAGES } from '@parley/contracts';
import { STAGE_LABELS, STATUS_LABELS } from '../model';
import { ALL_STAGES, ALL_STATUSES, type DateRange, type TableFilters } from './list-state';
import { useDebouncedValue } from '../../../lib/use-debounced';
import { Button, DateRangeInputs, SearchInput, SelectField } from '../../../ui';

const STAGE_OPTIONS = [
  { value: ALL_STAGES, label: 'All stages' },
  ...MEETING_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] })),
];
const STATUS_OPTIONS = [
  { value: ALL_STATUSES, label: 'All statuses' },
  ...INFERENCE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

interface FilterBarProps {
  filters: TableFilters;
  filtered: boolean;
  onFilter<K extends keyof TableFilters>(key: K, value: TableFilters[K]): void;
  onClear(): void;
  /** The library's lists (spec 2 §2 category); the value is the table state's label. */
  categories?: {
    options: ComponentProps<typeof SelectField>['options'];
    onChange(label: string): void;
  };
}

/** Category, search (debounced), stage, status and date range of the library. */
export function FilterBar({ filters, filtered, onFilter, onClear, categories }: FilterBarProps) {
  const [text, setText] = useState(filters.search);
  const search = useDebouncedValue(text);
  const latest = useRef({ onFilter, current: filters.search });
  useEffect(() => {
    latest.current = { onFilter, current: filters.search };
  });
  // Only the debounced text drives the search filter.
  useEffect(() => {
    if (search !== latest.current.current) latest.current.onFilter('search', search);
  }, [search]);
  useEffect(() => {
    if (filters.search === '') setText('');
  }, [filters.search]);

  /** A choice bound to one of the table's filters (label hidden: the value says it). */
  const choice = (
    key: 'stage' | 'status',
    label: string,
    options: ComponentProps<typeof SelectField>['options'],
    className: string,
  ) => (
    <SelectField
      label={label}
      hideLabel
      value={filters[key]}
      onValueChange={(v) => onFilter(key, v)}
      options={options}
      className={className}
    />
  );
  const date: DateRange = filters.date ?? { from: '', to: '' };
  const setDate = (next: DateRange) => onFilter('date', next.from || next.to ? next : null);

  return (
    <div
      role="search"
      aria-label="Filter meetings"
      className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center"
    >
      {categories ? (
        <SelectField
          label="Category"
          hideLabel
          value={filters.category}
          onValueChange={categories.onChange}
          options={categories.options}
          className="col-span-2 md:w-48"
        />
      ) : null}
      <SearchInput
        label="Search meetings"
        value={text}
        onValueChange={setText}
        className="col-span-2 md:min-w-56 md:flex-1"
      />
      {choice('stage', 'Stage', STAGE_OPTIONS, 'md:w-44')}
      {choice('status', 'Status', STATUS_OPTIONS, 'md:w-40')}
      <DateRangeInputs value={date} onChange={setDate} />
      {filtered ? (
        <Button variant="ghost" onClick={onClear} className="col-span-2 md:col-span-1">
          <X aria-hidden />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
