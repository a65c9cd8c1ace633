import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Globe } from 'lucide-react';
import { sharingRoutes, type RouteResponse } from '@parley/contracts';
import { api, isApiError } from '../../lib/api';
import { sharingKeys, usePublicLinkStatus } from './api';
import { publicViewUrl } from './model';
import { toast } from '../../lib/toast';
import { Button, Input, Skeleton, SwitchField } from '../../ui';

type LinkStatus = RouteResponse<typeof sharingRoutes.publicStatus>;
export const PUBLIC_LINK_FAILED = 'Creating the public url failed';

function failed(e: unknown) {
  toast({
    title: 'Error',
    description: (isApiError(e) && e.serverMessage) || PUBLIC_LINK_FAILED,
    variant: 'error',
  });
}

/** Enable, disable or check the public link; copy its full URL. */
export function PublicLinkSection({ meetingId }: { meetingId: string }) {
  const client = useQueryClient();
  const [copied, setCopied] = useState(false);
  const status = usePublicLinkStatus(meetingId);
  const toggle = useMutation({
    mutationFn: (enable: boolean) =>
      api(enable ? sharingRoutes.publicCreate : sharingRoutes.publicRevoke, {
        params: { meetingId },
        toast: false,
      }),
    onSuccess: (next: LinkStatus, enable) => {
      // Enabled on create; disabled and cleared on revoke (spec 2 §4).
      client.setQueryData<LinkStatus>(
        sharingKeys.publicLink(meetingId),
        enable ? { ...next, isEnabled: true } : { isEnabled: false, shareLink: null },
      );
    },
    onError: failed,
  });

  const enabled = toggle.isPending ? toggle.variables : (status.data?.isEnabled ?? false);
  const link = status.data?.isEnabled && status.data.shareLink ? status.data.shareLink : null;
  const url = link ? publicViewUrl(link, window.location.origin) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
      toast({ title: 'Link copied', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy the link', variant: 'error' });
    }
  };

  return (
    <section className="flex flex-col gap-3" aria-label="Public link">
      {status.isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : (
        <SwitchField
          label={
            <span className="inline-flex items-center gap-2">
              <Globe className="size-4 text-muted" aria-hidden />
              Public link
            </span>
          }
          description="Anyone with the link can watch the recording and read the transcript without signing in."
          checked={enabled === true}
          disabled={toggle.isPending || status.isError}
          onCheckedChange={(on) => toggle.mutate(on)}
        />
      )}
      {status.isError ? <p className="text-sm text-danger">{PUBLIC_LINK_FAILED}</p> : null}
      {url ? (
        <div className="flex gap-2">
          <Input
            readOnly
            value={url}
            aria-label="Public link URL"
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button variant="secondary" onClick={() => void copy()} aria-label="Copy link">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
