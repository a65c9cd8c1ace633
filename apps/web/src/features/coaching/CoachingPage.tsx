import { GraduationCap, CirclePlay } from 'lucide-react';
import { Card, FeatureGate, PlaceholderPage } from '../../ui';

export default function CoachingPage() {
  return (
    <PlaceholderPage
      title="Coaching"
      icon={GraduationCap}
      summary="Coaching videos, presentations, documents and quizzes arrive with the Coaching area."
      description="Learn from real conversations."
    >
      <FeatureGate feature="Sales Coaching">
        <Card className="flex items-start gap-4 p-5">
          <CirclePlay className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden />
          <div className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-fg">Sales Coaching is in your plan</h2>
            <p className="text-sm text-muted">
              Your team’s coaching content and progress will appear here.
            </p>
          </div>
        </Card>
      </FeatureGate>
    </PlaceholderPage>
  );
}
