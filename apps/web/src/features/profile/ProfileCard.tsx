import { useState } from 'react';
import {
  PROFILE_MESSAGES as M,
  updateProfileBody,
  type SessionUser,
  type UpdateProfileBody,
} from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useFormFields } from '../../lib/use-form-fields';
import { fromParse, type Validated } from '../../lib/validation';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormError,
  TextField,
} from '../../ui';
import { useRemovePicture, useUpdateProfile, useUploadPicture } from './api';
import { ImageField } from './ImageField';

const FIELDS = ['firstName', 'lastName'] as const;
type Field = (typeof FIELDS)[number];

function validate(v: UpdateProfileBody): Validated<Field, UpdateProfileBody> {
  const parsed = updateProfileBody.safeParse(v);
  return fromParse(parsed, FIELDS);
}

/** The signed-in user's picture and name; e-mail, role and position are shown, not edited here. */
export function ProfileCard({ user, roleLabel }: { user: SessionUser; roleLabel: string }) {
  const form = useFormFields({ firstName: user.firstName, lastName: user.lastName }, validate);
  const save = useUpdateProfile();
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty =
    form.values.firstName.trim() !== user.firstName ||
    form.values.lastName.trim() !== user.lastName;

  const field = (name: Field, label: string, autoComplete: string) => ({
    label,
    autoComplete,
    value: form.values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.set(name, e.target.value),
    onBlur: form.blur(name),
    error: form.error(name),
    disabled: save.isPending,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.attempt();
    if (!body) return;
    setServerError(null);
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Profile saved', variant: 'success' }),
      onError: (err) => setServerError(failureMessage(err, M.updateProfileFailed)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your profile</CardTitle>
        <CardDescription>How colleagues see you in Parley.</CardDescription>
      </CardHeader>
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
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...field('firstName', 'First name', 'given-name')} />
            <TextField {...field('lastName', 'Last name', 'family-name')} />
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
          <FormError message={serverError} />
          <div>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Save profile
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
