import { ConfigurationFrame } from './ConfigurationFrame';
import { ModelsTable } from './ModelsTable';

/** /configuration/models: the model catalogue (spec 3 §7 Models). */
export default function ModelsPage() {
  return (
    <ConfigurationFrame
      current="models"
      title="Models"
      description="The models Zai can use, with their context sizes and prices."
    >
      <ModelsTable />
    </ConfigurationFrame>
  );
}
