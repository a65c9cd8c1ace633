import { ConfigurationFrame } from './ConfigurationFrame';
import { ModelsTable } from './ModelsTable';

/** /parameters: models, parameters and thresholds tables (spec 3 §2); models so far. */
export default function ParametersPage() {
  return (
    <ConfigurationFrame
      current="models"
      title="Parameters"
      description="The models Zai can use, with their context sizes and prices. Parameters and thresholds arrive with the Administration area."
    >
      <ModelsTable />
    </ConfigurationFrame>
  );
}
