import { Library, ScanFace } from 'lucide-react';
import { Card, FeatureGate, PlaceholderPage } from '../../ui';

/** A still preview of the biometric signals a meeting will carry; nothing in it is live. */
function BiometricsPreview() {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center gap-2">
        <ScanFace className="size-4 text-accent-text" aria-hidden />
        <h2 className="text-sm font-semibold text-fg">Face and voice verification</h2>
      </div>
      <p className="text-sm text-muted">
        Each participant of a meeting checked against their registered face and voice.
      </p>
      <div className="flex flex-col gap-2" aria-hidden>
        <div className="h-3 w-3/4 rounded-full bg-surface-3" />
        <div className="h-3 w-1/2 rounded-full bg-surface-3" />
      </div>
    </Card>
  );
}

export default function LibraryPage() {
  return (
    <PlaceholderPage
      title="Library"
      icon={Library}
      summary="Meeting upload and analysis arrive with the Meetings area."
      description="Your recorded and live meetings, and their analysis."
    >
      <FeatureGate feature="Biometrics">
        <BiometricsPreview />
      </FeatureGate>
    </PlaceholderPage>
  );
}
