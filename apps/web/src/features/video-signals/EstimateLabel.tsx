import { Badge, Tooltip } from '../../ui';

/** The visible 'Estimate' label of every value a camera cannot measure well. */
export function EstimateLabel({ note }: { note: string }) {
  return (
    <Tooltip label={<span className="block max-w-64">{note}</span>}>
      <span
        tabIndex={0}
        data-testid="estimate-label"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Badge tone="warning">Estimate</Badge>
      </span>
    </Tooltip>
  );
}
