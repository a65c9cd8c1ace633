import { ConfigurationTabs } from '../configuration';
import { PageHeader } from '../../ui';
import { ParametersTable } from './ParametersTable';
import { ThresholdsTable } from './ThresholdsTable';

/** /parameters (super admin): platform parameters and each organisation's thresholds. */
export default function ParametersPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Parameters"
        description="Settings the platform reads, and the thresholds each organisation may set for itself."
        className="pb-0"
      />
      <ConfigurationTabs current="parameters" />
      <ParametersTable />
      <ThresholdsTable />
    </div>
  );
}
