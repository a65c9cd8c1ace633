import { Building2 } from 'lucide-react';
import {
  PROFILE_MESSAGES as M,
  updateOrganizationProfileBody,
  type OrganizationProfile,
} from '@parley/contracts';
import { toast } from '../../lib/toast';
import { useFormSubmit } from '../../lib/use-form-submit';
import { fromParse } from '../../lib/validation';
import { CardContent, Skeleton, TextField } from '../../ui';
import { useOrganizationProfile, useRemoveLogo, useUpdateOrganization, useUploadLogo } from './api';
import { ImageField } from './ImageField';
import { SaveForm, LoadedSettingsCard } from './SettingsCard';

const validate = (v: { name: string }) =>
  fromParse(updateOrganizationProfileBody.safeParse(v), ['name'] as const);

function Logo({ url }: { url: string | null }) {
  return url ? (
    <img
      src={url}
      alt="Organization logo"
      className="size-16 rounded-card border border-border bg-surface object-contain"
    />
  ) : (
    <span className="grid size-16 place-items-center rounded-card border border-dashed border-border-strong text-subtle">
      <Building2 className="size-6" aria-hidden />
    </span>
  );
}

/** Keyed by the saved name, so the field starts again from what the server kept. */
function OrganizationForm({ organization }: { organization: OrganizationProfile }) {
  const save = useUpdateOrganization();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const { form, field, ...saving } = useFormSubmit({
    initial: { name: organization.name },
    validate,
    save: ({ name }) => save.mutateAsync(name),
    failure: M.updateOrganizationFailed,
    onSaved: () => toast({ title: 'Organization saved', variant: 'success' }),
  });

  return (
    <CardContent className="flex flex-col gap-6">
      <ImageField
        noun="logo"
        hasImage={Boolean(organization.organizationProfileUrl)}
        upload={upload}
        remove={remove}
        messages={{ updated: M.logoUpdated, removed: M.logoRemoved }}
        preview={<Logo url={organization.organizationProfileUrl} />}
      />
      <SaveForm
        {...saving}
        dirty={form.values.name.trim() !== organization.name}
        submitLabel="Save organization"
      >
        <TextField
          label="Organization name"
          autoComplete="organization"
          className="sm:max-w-md"
          {...field('name')}
        />
      </SaveForm>
    </CardContent>
  );
}

/** The point of contact's organisation name and logo; the logo shows in everyone's rail. */
export function OrganizationCard() {
  return (
    <LoadedSettingsCard
      title="Organization"
      description="The logo replaces the Parley mark in your colleagues’ menu."
      query={useOrganizationProfile()}
      icon={Building2}
      what="Your organization"
      placeholder={
        <>
          <Skeleton className="size-16" />
          <Skeleton className="h-9 w-full max-w-md" />
        </>
      }
    >
      {(organization) => <OrganizationForm key={organization.name} organization={organization} />}
    </LoadedSettingsCard>
  );
}
