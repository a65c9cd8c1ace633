import { useEffect, useRef } from 'react';
import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import { Input } from '../../ui';
import { PlayerButton } from '../../ui/player/PlayerButton';

interface SearchBarProps {
  value: string;
  onChange(value: string): void;
  /** 1-based number of the current match, 0 when there is none. */
  current: number;
  total: number;
  onNext(): void;
  onPrevious(): void;
  onClose(): void;
}

/** Transcript search: Enter next, Shift+Enter previous, Escape closes (spec 2 §2). */
export function SearchBar(props: SearchBarProps) {
  const { value, onChange, current, total, onNext, onPrevious, onClose } = props;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div
      className="flex items-center gap-1 border-b border-border px-3 py-2"
      role="search"
      // Escape closes the search from its buttons too, not only from the field.
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle"
          aria-hidden
        />
        <Input
          ref={input}
          type="search"
          aria-label="Search transcript"
          placeholder="Search transcript"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (e.shiftKey) onPrevious();
              else onNext();
            }
          }}
          className="h-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
      <span
        className="tabular min-w-12 text-center text-xs text-muted"
        aria-live="polite"
        aria-label={`Match ${current} of ${total}`}
        data-testid="search-counter"
      >
        {current}/{total}
      </span>
      <PlayerButton label="Previous match" onClick={onPrevious} disabled={total === 0}>
        <ChevronUp aria-hidden />
      </PlayerButton>
      <PlayerButton label="Next match" onClick={onNext} disabled={total === 0}>
        <ChevronDown aria-hidden />
      </PlayerButton>
      <PlayerButton label="Close search" onClick={onClose}>
        <X aria-hidden />
      </PlayerButton>
    </div>
  );
}
