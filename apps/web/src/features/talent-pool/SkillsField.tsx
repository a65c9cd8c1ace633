import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { Input, Label } from '../../ui';

/** Skills as removable chips, with a box to add one (Enter or comma adds it). */
export function SkillsField(props: {
  label: string;
  skills: string[];
  onChange(skills: string[]): void;
  suggestions?: readonly string[];
  hint?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = (raw: string) => {
    const skill = raw.trim().replace(/,$/, '').trim();
    if (!skill) return;
    if (!props.skills.some((s) => s.toLowerCase() === skill.toLowerCase())) {
      props.onChange([...props.skills, skill]);
    }
    setDraft('');
  };
  const unused = (props.suggestions ?? []).filter(
    (s) => !props.skills.some((k) => k.toLowerCase() === s.toLowerCase()),
  );
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      {props.skills.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={props.label}>
          {props.skills.map((skill) => (
            <li
              key={skill}
              className="inline-flex items-center gap-1 rounded-control border border-border bg-surface-2 py-0.5 pr-1 pl-2 text-xs text-fg"
            >
              {skill}
              <button
                type="button"
                className="rounded p-0.5 text-muted hover:bg-surface hover:text-fg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={`Remove ${skill}`}
                onClick={() => props.onChange(props.skills.filter((s) => s !== skill))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        value={draft}
        placeholder="Add a skill and press Enter"
        onChange={(e) =>
          e.target.value.endsWith(',') ? add(e.target.value) : setDraft(e.target.value)
        }
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add(draft);
          }
        }}
        onBlur={() => add(draft)}
      />
      {unused.length ? (
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
          <span>Suggestions:</span>
          {unused.map((s) => (
            <button
              key={s}
              type="button"
              className="rounded-control border border-dashed border-border-strong px-2 py-0.5 text-fg hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => add(s)}
            >
              + {s}
            </button>
          ))}
        </div>
      ) : null}
      {props.hint ? <p className="text-xs text-muted">{props.hint}</p> : null}
    </div>
  );
}
