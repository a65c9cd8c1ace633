import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { integrationRoutes, MEETING_STAGES, meetingRoutes } from '@parley/contracts';
import { api } from '../../../lib/api';
import { validateStorageImport, type StorageImportValues } from './forms';
import { CLOUD_NAMES, connectedClouds, integrationKeys } from '../../integrations';
import { STAGE_LABELS, type MeetingStage } from '../model';
import { useFormDialog } from '../../../lib/use-form-dialog';
import {
  buttonClasses,
  Dialog,
  DialogContent,
  EmptyState,
  DialogForm,
  SelectField,
  Skeleton,
  TextField,
} from '../../../ui';
import { useOpenNewMeeting } from './use-open-new-meeting';

const STAGE_OPTIONS = MEETING_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }));
const INITIAL: StorageImportValues = { provider: '', key: '', title: '', stage: 'basic_meeting' };

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Create a meeting from a recording already in the organisation's connected cloud storage. */
export function FromStorageDialog({ open, onOpenChange }: Props) {
  const openMeeting = useOpenNewMeeting('Meeting added');
  const configs = useQuery({
    queryKey: integrationKeys.configurations,
    queryFn: ({ signal }) => api(integrationRoutes.configurations, { signal, toast: false }),
    enabled: open,
  });
  const clouds = connectedClouds(configs.data);
  // The first connected store until another is chosen.
  const withStore = (v: StorageImportValues): StorageImportValues => ({
    ...v,
    provider: v.provider || (clouds[0] ?? ''),
  });
  const { form, field, pending, close, dialog } = useFormDialog({
    initial: INITIAL,
    validate: (v: StorageImportValues) => validateStorageImport(withStore(v)),
    save: (body) => api(meetingRoutes.createFromStorage, { body, toast: false }),
    failure: 'The meeting could not be added',
    onSaved: openMeeting,
    onClose: () => onOpenChange(false),
  });
  const { values, set } = form;
  const { provider } = withStore(values);

  let body;
  if (configs.isLoading) {
    body = <Skeleton className="h-40 rounded-card" />;
  } else if (clouds.length === 0) {
    body = (
      <EmptyState
        icon={CloudOff}
        title="No cloud storage connected"
        description={
          configs.isError
            ? 'The connected storage could not be loaded. Please try again.'
            : 'Connect Amazon S3 or Azure Blob first; then add recordings that are already there.'
        }
        action={
          <Link to="/app-integrations" className={buttonClasses('secondary')} onClick={close}>
            Open App Integrations
          </Link>
        }
        className="border-0"
      />
    );
  } else {
    body = (
      <DialogForm
        {...dialog}
        // A folder-like key is explained on submit rather than by a disabled button.
        valid={values.key.trim() !== ''}
        submitLabel="Add meeting"
        onCancel={close}
      >
        <SelectField
          label="Storage"
          value={provider}
          onValueChange={(v) => set('provider', v as StorageImportValues['provider'])}
          options={clouds.map((c) => ({ value: c, label: CLOUD_NAMES[c] }))}
          disabled={pending}
        />
        <TextField
          label="Object key or blob name"
          placeholder="calls/2025/discovery-acme.mp4"
          hint="The path of the recording inside the bucket or container."
          spellCheck={false}
          {...field('key')}
        />
        <TextField label="Title (optional)" maxLength={200} {...field('title')} />
        <SelectField
          label="Stage"
          value={values.stage}
          onValueChange={(v) => set('stage', v as MeetingStage)}
          options={STAGE_OPTIONS}
          disabled={pending}
        />
      </DialogForm>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : !pending && close())}>
      <DialogContent
        title="Add from storage"
        description="Create a meeting from a recording already in your connected cloud storage."
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}
