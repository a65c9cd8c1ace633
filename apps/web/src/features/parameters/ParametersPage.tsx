import { ConfigurationFrame } from '../configuration';
import { EndpointsTable } from '../endpoints';
import { ParametersTable } from './ParametersTable';
import { ThresholdsTable } from './ThresholdsTable';

/**
 * /parameters (super admin): platform parameters, each organisation's thresholds, and the
 * endpoint catalogue (the permission each API route requires).
 */
export default function ParametersPage() {
  return (
    <ConfigurationFrame
      current="parameters"
      title="Parameters"
      description="Settings the platform reads, the thresholds each organization may set for itself, and who may call each endpoint."
    >
      <ParametersTable />
      <ThresholdsTable />
      <EndpointsTable />
    </ConfigurationFrame>
  );
}
