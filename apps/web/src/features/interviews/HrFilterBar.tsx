import { useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import type { JobListItem } from '@parley/contracts';
import { useDebouncedValue } from '../../lib/use-debounced';
import { Button, DateRangeInputs, SearchInput, SelectField } from '../../ui';
import { ALL, type HrFilters, type HrListState } from './hr-list-state';
import { STATUS_OPTIONS } from './model';

/** Search by candidate or interview (debounced), status, job and date range. */
export function HrFilterBar({ state, jobs }: { state: HrListState; jobs: JobListItem[] }) {
  const { filters, setFilter } = state;
  const [text, setText] = useState(filters.search);
  const search = useDebouncedValue(text);
  const latest = useRef({ setFilter, current: filters.search });
  useEffect(() => {
    latest.current = { setFilter, current: filters.search };
  });
  useEffect(() => {
    if (search !== latest.current.current) latest.current.setFilter('search', search);
  }, [search]);
  useEffect(() => {
    if (filters.search === '') setText('');
  }, [filters.search]);

  return (
    <div
      role="search"
      aria-label="Filter interviews"
      className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center"
    >
      <SearchInput
        label="Search candidates"
        value={text}
        onValueChange={setText}
        className="col-span-2 md:min-w-56 md:flex-1"
      />
      <SelectField
        label="Interview status"
        hideLabel
        value={filters.status}
        onValueChange={(v) => setFilter('status', v as HrFilters['status'])}
        options={[{ value: ALL, label: 'All statuses' }, ...STATUS_OPTIONS]}
        className="md:w-40"
      />
      <SelectField
        label="Job"
        hideLabel
        value={filters.jobId}
        onValueChange={(v) => setFilter('jobId', v)}
        options={[
          { value: ALL, label: 'All jobs' },
          ...jobs.map((j) => ({ value: j.id, label: j.title })),
        ]}
        className="md:w-48"
      />
      <DateRangeInputs
        value={{ from: filters.from, to: filters.to }}
        onChange={({ from, to }) => {
          setFilter('from', from);
          setFilter('to', to);
        }}
      />
      {state.filtered ? (
        <Button variant="ghost" onClick={state.resetFilters} className="col-span-2 md:col-span-1">
          <X aria-hidden />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
