import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth-store';
import { PageSpinner } from '../../ui';
import { MockInterviewsPage } from '../talent-pool';

const HrInterviewsPage = lazy(() => import('./HrInterviewsPage'));

/**
 * /interviews: the hiring team's HR list; a talent-pool user (a job seeker) keeps their own
 * mock-interview page (spec 2 §2). Decided by role, as the two are different pages.
 */
export default function InterviewsPage() {
  const { user } = useAuth();
  return (
    <Suspense fallback={<PageSpinner />}>
      {user?.role === 'talentPoolUser' ? <MockInterviewsPage /> : <HrInterviewsPage />}
    </Suspense>
  );
}
