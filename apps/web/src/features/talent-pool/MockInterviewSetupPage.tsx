import { ArrowLeft, ClipboardList } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { TALENT_PROFILE_MESSAGES as M } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { buttonClasses, LoadError, PageHeader, Skeleton } from '../../ui';
import { useCompanies, useCreateMockInterview, useRoleLevel, useTalentProfile } from './api';
import { MockInterviewForm } from './MockInterviewForm';

/** /mock-interviews/new: set a mock interview up; it is saved ready to take. */
export default function MockInterviewSetupPage() {
  const companies = useCompanies();
  const options = useRoleLevel();
  const profile = useTalentProfile();
  const create = useCreateMockInterview();
  const navigate = useNavigate();
  const loading = companies.isPending || options.isPending || profile.isPending;
  const failed = companies.isError || options.isError || profile.isError;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="New mock interview"
        description="Choose the job you are preparing for; we prepare the questions."
        actions={
          <Link to="/interviews" className={buttonClasses('ghost')}>
            <ArrowLeft className="size-4" aria-hidden /> Mock interviews
          </Link>
        }
      />
      {loading ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the form">
          <Skeleton className="h-80" />
          <Skeleton className="h-40" />
        </div>
      ) : failed ? (
        <LoadError
          icon={ClipboardList}
          what="The set-up form"
          onRetry={() =>
            void Promise.all([companies.refetch(), options.refetch(), profile.refetch()])
          }
        />
      ) : (
        <MockInterviewForm
          companies={companies.data?.data ?? []}
          options={options.data ?? { roles: [], levels: [], skills: [] }}
          resume={profile.data?.resume ?? null}
          profileSkills={profile.data?.profileData.skills ?? []}
          saving={create.isPending}
          error={
            create.isError
              ? failureMessage(create.error, 'The interview could not be set up')
              : null
          }
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (made) => {
                toast({
                  title: M.mockInterviewSaved,
                  description: `${made.questions.length} questions for ${made.jobRole} at ${made.companyName}.`,
                  variant: 'success',
                });
                void navigate('/interviews');
              },
            })
          }
        />
      )}
    </div>
  );
}
