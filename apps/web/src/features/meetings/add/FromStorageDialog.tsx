import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { integrationRoutes, MEETING_STAGES, meetingRoutes } from '@parley/contracts';
import { api, failureMessage } from '../../../lib/api';
import { validateStorageImport, type StorageImportValues } from './forms';
import { CLOUD_NAMES, connectedClouds, integrationKeys } from '../../integrations';
import { STAGE_LABELS, type MeetingStage } from '../model';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
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
import { meetingKeys } from '../api';

const STAGE_OPTIONS = MEETING_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }));
const INITIAL: StorageImportValues = { provider: '', key: '', title: '', stage: 'basic_meeting' };

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Create a meeting from a recording already in the organisation's connected cloud storage. */
export function FromStorageDialog({ open, onOpenChange }: Props) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useFormFields(INITIAL, validateStorageImport);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const configs = useQuery({
    queryKey: integrationKeys.configurations,
    queryFn: ({ signal }) => api(integrationRoutes.configurations, { signal, toast: false }),
    enabled: open,
  });
  const clouds = connectedClouds(configs.data);
  const { values, set } = form;
  // The first connected store until another is chosen.
  const provider = values.provider || (clouds[0] ?? '');

  const close = () => {
    form.reset();
    setServerError(null);
    onOpenChange(false);
  };

  const submit = async () => {
    if (provider !== values.provider) set('provider', provider);
    const checked = validateStorageImport({ ...values, provider });
    form.attempt();
    if (!checked.ok) return;
    setPending(true);
    setServerError(null);
    try {
      const meeting = await api(meetingRoutes.createFromStorage, {
        body: checked.body,
        toast: false,
      });
      void client.invalidateQueries({ queryKey: meetingKeys.lists() });
      toast({ title: 'Meeting added', description: meeting.meetingName, variant: 'success' });
      close();
      void navigate(`/library/${meeting.id}`);
    } catch (e) {
      setServerError(failureMessage(e, 'The meeting could not be added'));
    } finally {
      setPending(false);
    }
  };

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
        pending={pending}
        valid={values.key.trim() !== ''}
        error={serverError}
        submitLabel="Add meeting"
        onSubmit={() => void submit()}
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
          value={values.key}
          onChange={(e) => set('key', e.target.value)}
          onBlur={form.blur('key')}
          error={form.error('key')}
          disabled={pending}
        />
        <TextField
          label="Title (optional)"
          maxLength={200}
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          disabled={pending}
        />
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
