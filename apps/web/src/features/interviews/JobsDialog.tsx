import { useState } from 'react';
import { BriefcaseBusiness, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Job } from '@parley/contracts';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  EmptyState,
  LoadError,
  Skeleton,
} from '../../ui';
import { useDeleteJob, useJobs } from './api';
import { JobFormDialog } from './JobFormDialog';

/** The organisation's jobs and their interview kits: list, create, edit, delete. */
export function JobsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
}) {
  const jobs = useJobs(open);
  const remove = useDeleteJob();
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Job | null>(null);
  const list = jobs.data?.data ?? [];

  return (
    <>
      <Dialog open={open && editing === null} onOpenChange={onOpenChange}>
        <DialogContent
          size="lg"
          title="Jobs"
          description="Each job's interview kit is what scorecards rate candidates on."
        >
          <div className="flex flex-col gap-3">
            <Button className="self-start" onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              New job
            </Button>
            {jobs.isLoading ? (
              <Skeleton className="h-24" />
            ) : jobs.isError ? (
              <LoadError
                icon={BriefcaseBusiness}
                what="The jobs"
                onRetry={() => void jobs.refetch()}
              />
            ) : list.length === 0 ? (
              <EmptyState
                icon={BriefcaseBusiness}
                title="No jobs yet"
                description="Create a job with the competencies to assess; then set it on interviews."
              />
            ) : (
              <ul
                className="flex flex-col divide-y divide-border rounded-card border border-border"
                aria-label="Jobs"
              >
                {list.map((job) => (
                  <li key={job.id} className="flex items-center gap-3 px-3 py-2.5">
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium text-fg">{job.title}</span>
                      <span className="truncate text-xs text-muted">
                        {[
                          job.role,
                          `${job.competencies.length} competenc${job.competencies.length === 1 ? 'y' : 'ies'}`,
                          `${job.interviews} interview${job.interviews === 1 ? '' : 's'}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${job.title}`}
                      onClick={() => setEditing(job)}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${job.title}`}
                      className="text-danger hover:text-danger"
                      onClick={() => setDeleting(job)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </DialogContent>
      </Dialog>
      <JobFormDialog
        open={editing !== null}
        job={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        confirmLabel="Delete"
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.title ?? 'this job'}?`}
        description="Its interview kit goes with it. A job still set on interviews is not deleted."
        busy={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      />
    </>
  );
}
