import { ExternalLink, FileX } from 'lucide-react';
import { COACHING_TYPE_LABELS, type CoachingItem } from '@parley/contracts';
import { Button, EmptyState } from '../../ui';
import { embedUrlOf, isLinkType } from './model';

/** Google Slides, Docs and Drive PDFs in an embedded viewer, with a way out to Google. */
export function DocumentViewer({ item }: { item: CoachingItem }) {
  const url = item.presentationUrl ?? '';
  const embed = isLinkType(item.type) ? embedUrlOf(item.type, url) : null;
  if (!embed)
    return (
      <EmptyState
        icon={FileX}
        title="This link cannot be shown here"
        description="Its address is not a Google Slides, Docs or Drive file link."
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" asChild>
          <a href={url} target="_blank" rel="noreferrer noopener">
            <ExternalLink aria-hidden /> Open in Google
          </a>
        </Button>
      </div>
      <iframe
        src={embed}
        title={`${COACHING_TYPE_LABELS[item.type]}: ${item.title}`}
        // Slides are wide; documents and PDFs are pages, read by scrolling inside the frame.
        className={`${item.type === 'ppt' ? 'aspect-video max-h-[75dvh]' : 'h-[75dvh]'} w-full rounded-card border border-border bg-surface-2`}
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        allow="fullscreen"
        loading="lazy"
      />
    </div>
  );
}
