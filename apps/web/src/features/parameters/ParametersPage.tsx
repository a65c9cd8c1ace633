import { ConfigurationFrame } from '../configuration';
import { ParametersTable } from './ParametersTable';
import { ThresholdsTable } from './ThresholdsTable';

/** /parameters (super admin): platform parameters and each organisation's thresholds. */
export default function ParametersPage() {
  return (
    <ConfigurationFrame
      current="parameters"
      title="Parameters"
      description="Settings the platform reads, and the thresholds each organisation may set for itself."
    >
      <ParametersTable />
      <ThresholdsTable />
    </ConfigurationFrame>
  );
}
