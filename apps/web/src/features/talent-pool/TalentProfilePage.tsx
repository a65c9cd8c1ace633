import { UserRound } from 'lucide-react';
import { TALENT_PROFILE_MESSAGES as M } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { LoadError, PageHeader, Section, Skeleton } from '../../ui';
import { useDeleteResume, useSaveProfile, useTalentProfile } from './api';
import { GoalsEditor } from './feedback/GoalsEditor';
import { ProfileEditor } from './ProfileEditor';
import { ResumeCard } from './ResumeCard';

/**
 * /profile for a job seeker: the resume, the profile read from it to correct and save, and the
 * practice goals their interviews are scored against (set before the first one, too).
 */
export default function TalentProfilePage() {
  const profile = useTalentProfile();
  const save = useSaveProfile();
  const remove = useDeleteResume();

  const upload = async (file: File) => {
    const saved = await save.mutateAsync({ file });
    toast({
      title: 'Resume read',
      description: `${saved.profileData.skills.length} skills and ${saved.workExperience.length} jobs found. Check them below.`,
      variant: 'success',
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Profile"
        description="Your resume and experience, used to tailor your mock interviews."
      />
      {profile.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading your profile">
          <Skeleton className="h-40" />
          <Skeleton className="h-72" />
        </div>
      ) : profile.isError ? (
        <LoadError icon={UserRound} what="Your profile" onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ResumeCard
            resume={profile.data.resume}
            uploading={save.isPending && save.variables.file !== undefined}
            deleting={remove.isPending}
            onUpload={upload}
            onDelete={async () => {
              await remove.mutateAsync();
              toast({ title: M.resumeDeleted, variant: 'success' });
            }}
          />
          <ProfileEditor
            // A new upload replaces what is being edited with what the parser read.
            key={`${profile.data.resume?.uploadedAt ?? 'none'}`}
            profile={profile.data}
            saving={save.isPending && save.variables.file === undefined}
            error={
              save.isError && save.variables.file === undefined
                ? failureMessage(save.error, M.saveProfileFailed)
                : null
            }
            onSave={(profileData, workExperience) =>
              save.mutate(
                { profileData, workExperience },
                { onSuccess: () => toast({ title: M.profileSaved, variant: 'success' }) },
              )
            }
          />
        </>
      )}
      <Section
        title="Your practice goals"
        description="Every mock interview analysed after you set a goal is scored against it."
      >
        <GoalsEditor />
      </Section>
    </div>
  );
}
