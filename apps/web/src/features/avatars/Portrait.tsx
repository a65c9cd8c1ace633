import type { BuiltInPortrait } from '@parley/contracts';
import { mouthOf, type AvatarPose } from './animation';

/** Colours of the three illustrated portraits: skin, hair, shirt, background. */
const LOOKS: Record<
  BuiltInPortrait,
  {
    skin: string;
    shade: string;
    hair: string;
    shirt: string;
    bg: string;
    longHair: boolean;
    label: string;
  }
> = {
  ada: {
    skin: '#f1c7a5',
    shade: '#e0ae8a',
    hair: '#3b2a20',
    shirt: '#4f46e5',
    bg: '#e0e7ff',
    longHair: true,
    label: 'Ada',
  },
  ben: {
    skin: '#8d5a3b',
    shade: '#774a2f',
    hair: '#1c1410',
    shirt: '#0f766e',
    bg: '#ccfbf1',
    longHair: false,
    label: 'Ben',
  },
  chloe: {
    skin: '#e8b990',
    shade: '#d49f74',
    hair: '#b45309',
    shirt: '#be123c',
    bg: '#ffe4e6',
    longHair: true,
    label: 'Chloe',
  },
};

export const PORTRAIT_LABELS = Object.fromEntries(
  Object.entries(LOOKS).map(([k, v]) => [k, v.label]),
) as Record<BuiltInPortrait, string>;

const REST: AvatarPose = { viseme: 'rest', blink: 0, tilt: 0, nod: 0 };

/**
 * An illustrated head and shoulders. The mouth, eyelids and head pose come from `pose`, so the
 * same drawing is the still thumbnail and the speaking avatar.
 */
export function IllustratedPortrait({
  look,
  pose = REST,
  className,
  title,
}: {
  look: BuiltInPortrait;
  pose?: AvatarPose;
  className?: string;
  title?: string;
}) {
  const c = LOOKS[look];
  const m = mouthOf(pose.viseme);
  const mouthW = 22 * m.wide;
  const mouthH = 2 + 16 * m.open;
  const lid = 9 * pose.blink;
  return (
    <svg
      viewBox="0 0 200 200"
      className={className}
      role="img"
      aria-label={title ?? `${c.label}, illustrated avatar`}
    >
      <rect width="200" height="200" fill={c.bg} />
      <g transform={`translate(0 ${pose.nod.toFixed(2)}) rotate(${pose.tilt.toFixed(2)} 100 150)`}>
        {c.longHair && (
          <path d="M52 96 Q50 40 100 34 Q150 40 148 96 L152 160 L48 160 Z" fill={c.hair} />
        )}
        <path d="M40 200 Q44 160 100 156 Q156 160 160 200 Z" fill={c.shirt} />
        <rect x="86" y="128" width="28" height="32" rx="10" fill={c.shade} />
        <ellipse cx="100" cy="98" rx="42" ry="50" fill={c.skin} />
        <ellipse cx="58" cy="102" rx="7" ry="11" fill={c.shade} />
        <ellipse cx="142" cy="102" rx="7" ry="11" fill={c.shade} />
        <path
          d={
            c.longHair
              ? 'M58 86 Q60 46 100 44 Q140 46 142 86 Q126 62 100 60 Q74 62 58 86 Z'
              : 'M58 84 Q58 44 100 42 Q142 44 142 84 Q134 60 100 58 Q66 60 58 84 Z'
          }
          fill={c.hair}
        />
        {[82, 118].map((x) => (
          <g key={x}>
            <ellipse cx={x} cy="96" rx="8" ry="9" fill="#fff" />
            <circle cx={x} cy="97" r="4.5" fill="#1f2937" />
            <rect x={x - 9} y="86" width="18" height={lid} fill={c.skin} />
            <path
              d={`M${x - 9} 82 Q${x} 77 ${x + 9} 82`}
              stroke={c.hair}
              strokeWidth="2.5"
              fill="none"
              strokeLinecap="round"
            />
          </g>
        ))}
        <path
          d="M100 100 Q96 114 100 118"
          stroke={c.shade}
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
        <g data-viseme={pose.viseme}>
          {m.open < 0.08 ? (
            <path
              d={`M${100 - mouthW / 2} 130 Q100 ${m.open === 0 ? 131 : 133} ${100 + mouthW / 2} 130`}
              stroke="#9f1239"
              strokeWidth="3"
              fill="none"
              strokeLinecap="round"
            />
          ) : (
            <>
              <ellipse cx="100" cy="131" rx={mouthW / 2} ry={mouthH / 2} fill="#7f1d1d" />
              {!m.round && m.open > 0.3 && (
                <rect
                  x={100 - mouthW / 2.6}
                  y={131 - mouthH / 2}
                  width={mouthW / 1.3}
                  height="3"
                  fill="#fff"
                  rx="1"
                />
              )}
            </>
          )}
        </g>
      </g>
    </svg>
  );
}

/** An uploaded picture: the head sway and blink dimming apply; the mouth is the picture's. */
export function PhotoPortrait({
  src,
  pose = REST,
  alt,
}: {
  src: string;
  pose?: AvatarPose;
  alt: string;
}) {
  const m = mouthOf(pose.viseme);
  return (
    <div className="relative size-full overflow-hidden">
      <img
        src={src}
        alt={alt}
        className="size-full object-cover"
        style={{
          transform: `translateY(${pose.nod.toFixed(2)}px) rotate(${pose.tilt.toFixed(2)}deg) scale(${(1.02 + 0.01 * m.open).toFixed(3)})`,
          transformOrigin: '50% 80%',
        }}
      />
    </div>
  );
}
