import { useEffect, useState } from 'react';
import { PERMISSION_LABELS, PERMISSIONS, permissionSchema, type Endpoint } from '@parley/contracts';
import { FormDialog, SelectField } from '../../ui';
import { useSetEndpointPermission } from './api';

const OPTIONS = PERMISSIONS.map((p) => ({ value: p, label: p, note: PERMISSION_LABELS[p] }));

/** Changes the permission one route requires; the server enforces it within seconds. */
export function PermissionDialog({
  endpoint,
  onClose,
}: {
  endpoint: Endpoint | null;
  onClose(): void;
}) {
  const save = useSetEndpointPermission();
  const [permission, setPermission] = useState<string>('');
  useEffect(() => {
    if (!endpoint) return;
    save.reset();
    setPermission(endpoint.permission);
    // Only when a row is opened; `save` changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint]);
  const chosen = permissionSchema.safeParse(permission);
  return (
    <FormDialog
      open={endpoint !== null}
      title={endpoint ? `${endpoint.method} ${endpoint.path}` : 'Endpoint'}
      description={
        endpoint
          ? `Its contract asks for ${endpoint.defaultPermission}. Callers whose role lacks the permission chosen here get 403.`
          : ''
      }
      onClose={onClose}
      pending={save.isPending}
      valid={chosen.success}
      error={save.error?.message}
      submitLabel="Save"
      onSubmit={() =>
        endpoint &&
        chosen.success &&
        save.mutate({ id: endpoint.id, permission: chosen.data }, { onSuccess: onClose })
      }
    >
      <SelectField
        label="Required permission"
        value={permission}
        onValueChange={setPermission}
        options={OPTIONS}
      />
    </FormDialog>
  );
}
