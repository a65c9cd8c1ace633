import { Search } from 'lucide-react';
import { cn } from '../lib/cn';
import { Input } from './Input';

interface SearchInputProps {
  /** The accessible name, and the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  value: string;
  onValueChange(value: string): void;
  /** Width and placement of the box. */
  className?: string;
}

/** A search box with its magnifier (lists, pickers, filter bars). */
export function SearchInput({
  label,
  placeholder,
  value,
  onValueChange,
  className,
}: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
