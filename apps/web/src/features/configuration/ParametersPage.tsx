import { ConfigurationTabs } from './ConfigurationTabs';
import { PageHeader } from '../../ui';
import { ModelsTable } from './ModelsTable';

/** /parameters: models, parameters and thresholds tables (spec 3 §2); models so far. */
export default function ParametersPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Parameters"
        description="The models Zai can use, with their context sizes and prices. Parameters and thresholds arrive with the Administration area."
        className="pb-0"
      />
      <ConfigurationTabs current="models" />
      <ModelsTable />
    </div>
  );
}
