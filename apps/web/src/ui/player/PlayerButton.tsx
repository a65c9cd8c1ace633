import type { ReactNode } from 'react';
import { Button } from '../Button';
import { Tooltip } from '../Tooltip';

interface PlayerButtonProps {
  label: string;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}

/** An icon control of the player, named by aria-label, with a tooltip. */
export function PlayerButton({ label, onClick, disabled, pressed, children }: PlayerButtonProps) {
  return (
    <Tooltip label={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        disabled={disabled}
        className="size-8 text-fg hover:text-fg [&_svg]:size-[18px]"
      >
        {children}
      </Button>
    </Tooltip>
  );
}
