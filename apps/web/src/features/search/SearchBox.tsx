import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, SearchInput } from '../../ui';
import { cn } from '../../lib/cn';

/**
 * "Search what was said": one box that opens /search with the words typed (the library's
 * header; the search page has its own).
 */
export function TranscriptSearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <form
      role="search"
      aria-label="Search every conversation"
      onSubmit={submit}
      className={cn('flex gap-2', className)}
    >
      <SearchInput
        label="Search what was said"
        placeholder="Search what was said in every meeting"
        value={text}
        onValueChange={setText}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" disabled={!text.trim()}>
        Search
      </Button>
    </form>
  );
}
