import { SlidersHorizontal } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function ParametersPage() {
  return (
    <PlaceholderPage
      title="Parameters"
      icon={SlidersHorizontal}
      summary="Models, parameters and thresholds arrive with the Administration area."
    />
  );
}
