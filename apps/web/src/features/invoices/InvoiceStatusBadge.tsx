import type { InvoiceStatus } from '@parley/contracts';
import { Badge, type BadgeTone } from '../../ui';

const STATUS: Record<InvoiceStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Awaiting payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  void: { label: 'Void', tone: 'neutral' },
};

export const InvoiceStatusBadge = ({ status }: { status: InvoiceStatus }) => (
  <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
);

export const METHOD_LABELS = { card: 'Card', manual: 'Bank transfer' } as const;
