import type { ReactNode } from 'react';
import { Card } from '../../ui';

/** A room's one-message page: ended, expired link, not found. */
export function RoomMessage({
  title,
  detail,
  action,
}: {
  title: string;
  detail?: string | undefined;
  action?: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh place-items-center bg-bg p-6">
      <Card className="grid max-w-md gap-3 p-6 text-center">
        <h1 className="text-lg font-semibold text-fg" role="status">
          {title}
        </h1>
        {detail ? <p className="text-sm text-muted">{detail}</p> : null}
        {action ? <div className="flex justify-center">{action}</div> : null}
      </Card>
    </div>
  );
}
