import { useId } from 'react';
import { Label } from '../../ui';

const AREA =
  'min-h-20 w-full rounded-card border border-border-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm placeholder:text-subtle focus-visible:border-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:opacity-60';

/** A labelled multi-line field (job description, guiding questions). */
export function TextArea(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <textarea
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        rows={props.rows ?? 3}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        className={AREA}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
