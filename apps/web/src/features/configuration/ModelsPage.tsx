import { ConfigurationTabs } from './ConfigurationTabs';
import { PageHeader } from '../../ui';
import { ModelsTable } from './ModelsTable';

/** /configuration/models: the model catalogue (spec 3 §7 Models). */
export default function ModelsPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Models"
        description="The models Zai can use, with their context sizes and prices."
        className="pb-0"
      />
      <ConfigurationTabs current="models" />
      <ModelsTable />
    </div>
  );
}
