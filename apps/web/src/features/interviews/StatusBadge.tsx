import { INTERVIEW_STATUS_LABELS, type InterviewStatus } from '@parley/contracts';
import { Badge } from '../../ui';
import { STATUS_TONES } from './model';

/** An interview's status as a chip (the words carry it; the colour only helps). */
export function InterviewStatusBadge({ status }: { status: InterviewStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} data-status={status}>
      {INTERVIEW_STATUS_LABELS[status]}
    </Badge>
  );
}
