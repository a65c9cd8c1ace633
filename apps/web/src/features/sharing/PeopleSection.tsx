import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Search, UserMinus, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { sharingRoutes } from '@parley/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { fullName } from '../../lib/format';
import { sharingKeys, useOrgUsers, useSharedUsers } from './api';
import type { ShareUser } from './model';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced';
import { Avatar, Button, Input, Label, Skeleton } from '../../ui';

/** The one button beside each person of a list: share with them, or stop sharing. */
interface PersonAction {
  label: string;
  icon: LucideIcon;
  variant: 'secondary' | 'ghost';
  ariaLabel(email: string): string;
  busy(email: string): boolean;
  run(email: string): void;
}

function PeopleList({
  label,
  people,
  action,
}: {
  label: string;
  people: ShareUser[];
  action: PersonAction;
}) {
  const Icon = action.icon;
  return (
    <ul aria-label={label} className="divide-y divide-border">
      {people.map((user) => (
        <li key={user.id} className="flex items-center gap-3 py-2">
          <Avatar firstName={user.firstName} lastName={user.lastName} size="sm" />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium text-fg">
              {fullName(user) || user.email}
            </span>
            <span className="truncate text-xs text-muted">{user.email}</span>
          </div>
          <Button
            size="sm"
            variant={action.variant}
            aria-label={action.ariaLabel(user.email)}
            loading={action.busy(user.email)}
            onClick={() => action.run(user.email)}
          >
            <Icon aria-hidden />
            {action.label}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Search the organisation's people, share with them, and list or revoke who has access. */
export function PeopleSection({ meetingId }: { meetingId: string }) {
  const client = useQueryClient();
  const me = useAuth().user;
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());

  const shared = useSharedUsers(meetingId);
  const found = useOrgUsers(search);

  const refresh = () => client.invalidateQueries({ queryKey: sharingKeys.users(meetingId) });
  const share = useMutation({
    mutationFn: (email: string) =>
      api(sharingRoutes.shareWith, { params: { meetingId }, body: { email } }),
    onSuccess: (_r, email) => {
      toast({ title: 'Meeting shared', description: `Shared with ${email}`, variant: 'success' });
      setText('');
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (email: string) =>
      api(sharingRoutes.revoke, { params: { meetingId }, body: { email } }),
    onSuccess: (_r, email) => {
      toast({ title: 'Access removed', description: email, variant: 'success' });
      void refresh();
    },
  });

  const sharedIds = new Set((shared.data ?? []).map((u) => u.id));
  const candidates = (found.data ?? [])
    .filter((u) => !sharedIds.has(u.id) && u.id !== me?.id)
    .slice(0, 6);
  const busyEmail = share.isPending ? share.variables : revoke.isPending ? revoke.variables : null;

  return (
    <section aria-label="Share with people" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="share-search">Share with people in your organization</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
            aria-hidden
          />
          <Input
            id="share-search"
            type="search"
            autoComplete="off"
            placeholder="Search by name or email"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      {search ? (
        <div aria-live="polite" className="rounded-card border border-border px-3">
          {found.isLoading ? (
            <div className="flex flex-col gap-2 py-3">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          ) : candidates.length === 0 ? (
            <p className="py-3 text-sm text-muted">No one else matches “{search}”.</p>
          ) : (
            <PeopleList
              label="Search results"
              people={candidates}
              action={{
                label: 'Share',
                icon: UserPlus,
                variant: 'secondary',
                ariaLabel: (email) => `Share with ${email}`,
                busy: (email) => busyEmail === email && share.isPending,
                run: (email) => share.mutate(email),
              }}
            />
          )}
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <h3 className="text-xs font-medium text-subtle">People with access</h3>
        {shared.isLoading ? (
          <div className="flex flex-col gap-2 py-2">
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : (shared.data ?? []).length === 0 ? (
          <p className="flex items-center gap-2 py-2 text-sm text-muted">
            <Users className="size-4" aria-hidden />
            Not shared with anyone yet.
          </p>
        ) : (
          <PeopleList
            label="People with access"
            people={shared.data ?? []}
            action={{
              label: 'Remove',
              icon: UserMinus,
              variant: 'ghost',
              ariaLabel: (email) => `Stop sharing with ${email}`,
              busy: (email) => busyEmail === email && revoke.isPending,
              run: (email) => revoke.mutate(email),
            }}
          />
        )}
      </div>
    </section>
  );
}
