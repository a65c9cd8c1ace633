import { lazy, Suspense } from 'react';
import { MessagesSquare } from 'lucide-react';
import { useAuth } from '../../lib/auth-store';
import { PageSpinner, PlaceholderPage } from '../../ui';

const HrInterviewsPage = lazy(() => import('./HrInterviewsPage'));

/**
 * /interviews: the hiring team's HR list; a talent-pool user (a job seeker) keeps their own
 * mock-interview page (spec 2 §2). Decided by role, as the two are different pages.
 */
export default function InterviewsPage() {
  const { user } = useAuth();
  if (user?.role === 'talentPoolUser') {
    return (
      <PlaceholderPage
        title="Mock Interviews"
        icon={MessagesSquare}
        summary="Mock-interview practice arrives with the Interviews area."
        description="Practice interviews and review how they went."
      />
    );
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <HrInterviewsPage />
    </Suspense>
  );
}
