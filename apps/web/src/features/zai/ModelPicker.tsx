import { SelectField } from '../../ui';
import { useAvailableModels } from '../integrations';

/** Radix Select refuses empty values: this stands for "the organisation's default". */
const DEFAULT = '__default';

/**
 * The models the organisation connected (GET /ai/models/available), its default preselected.
 * `value` '' means the default; if the list cannot be loaded the server's default is used.
 */
export function ModelPicker({ value, onChange }: { value: string; onChange(model: string): void }) {
  // A failed call leaves the choice to the server's default.
  const models = useAvailableModels({ quiet: true });
  const usable = (models.data?.data ?? []).filter((m) => m.connected);
  const preset = usable.find((m) => m.isDefault)?.model;
  const options = usable.length
    ? usable.map((m) => ({ value: m.model, label: m.isDefault ? `${m.label} (default)` : m.label }))
    : [{ value: DEFAULT, label: 'Organization default' }];
  return (
    <SelectField
      label="Model"
      labelInside
      value={value || preset || options[0]?.value || DEFAULT}
      onValueChange={(v) => onChange(v === DEFAULT ? '' : v)}
      options={options}
      disabled={usable.length === 0}
      triggerClassName="h-8 w-auto min-w-56 max-w-72 max-sm:min-w-0"
    />
  );
}
