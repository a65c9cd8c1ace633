import { Search } from 'lucide-react';
import { cn } from '../lib/cn';
import { Input } from './Input';

/**
 * The search box above a table: a magnifier, a placeholder and a label for assistive
 * technology. Typing calls onChange with the text (tables reset to their first page there).
 */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(text: string): void;
  className?: string;
}) {
  return (
    <label className={cn('relative w-full max-w-xs', className)}>
      <span className="sr-only">{label}</span>
      <Search
        className="pointer-events-none absolute top-2.5 left-3 size-4 text-subtle"
        aria-hidden
      />
      <Input
        value={value}
        placeholder={placeholder}
        className="pl-9"
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
