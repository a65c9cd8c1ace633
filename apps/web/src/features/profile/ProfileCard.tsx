import {
  PROFILE_MESSAGES as M,
  updateProfileBody,
  type SessionUser,
  type UpdateProfileBody,
} from '@parley/contracts';
import { toast } from '../../lib/toast';
import { useFormSubmit } from '../../lib/use-form-submit';
import { fromParse } from '../../lib/validation';
import { Avatar, CardContent, TextField } from '../../ui';
import { useRemovePicture, useUpdateProfile, useUploadPicture } from './api';
import { ImageField } from './ImageField';
import { SaveForm, SettingsCard } from './SettingsCard';

const validate = (v: UpdateProfileBody) =>
  fromParse(updateProfileBody.safeParse(v), ['firstName', 'lastName'] as const);

/** The signed-in user's picture and name; e-mail, role and position are shown, not edited here. */
export function ProfileCard({ user, roleLabel }: { user: SessionUser; roleLabel: string }) {
  const save = useUpdateProfile();
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const { form, field, ...saving } = useFormSubmit({
    initial: { firstName: user.firstName, lastName: user.lastName },
    validate,
    save: (body) => save.mutateAsync(body),
    failure: M.updateProfileFailed,
    onSaved: () => toast({ title: 'Profile saved', variant: 'success' }),
  });
  const dirty =
    form.values.firstName.trim() !== user.firstName ||
    form.values.lastName.trim() !== user.lastName;

  return (
    <SettingsCard title="Your profile" description="How colleagues see you in Parley.">
      <CardContent className="flex flex-col gap-6">
        <ImageField
          noun="picture"
          hasImage={Boolean(user.profileImageUrl)}
          upload={upload}
          remove={remove}
          messages={{ updated: M.pictureUpdated, removed: M.pictureRemoved }}
          preview={
            <Avatar
              size="xl"
              firstName={user.firstName}
              lastName={user.lastName}
              imageUrl={user.profileImageUrl}
            />
          }
        />
        <SaveForm {...saving} dirty={dirty} submitLabel="Save profile">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
            <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
          </div>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div className="min-w-0">
              <dt className="text-xs text-subtle">E-mail</dt>
              <dd className="truncate font-medium text-fg">{user.email}</dd>
            </div>
            <div>
              <dt className="text-xs text-subtle">Role</dt>
              <dd className="font-medium text-fg">{roleLabel}</dd>
            </div>
            <div>
              <dt className="text-xs text-subtle">Position</dt>
              <dd className="font-medium text-fg">{user.position ?? '—'}</dd>
            </div>
          </dl>
        </SaveForm>
      </CardContent>
    </SettingsCard>
  );
}
