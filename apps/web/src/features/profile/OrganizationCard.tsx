import { useEffect, useState } from 'react';
import { Building2 } from 'lucide-react';
import {
  PROFILE_MESSAGES as M,
  updateOrganizationProfileBody,
  type OrganizationProfile,
} from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormError,
  LoadError,
  Skeleton,
  TextField,
} from '../../ui';
import { useOrganizationProfile, useRemoveLogo, useUpdateOrganization, useUploadLogo } from './api';
import { ImageField } from './ImageField';

function Logo({ url }: { url: string | null }) {
  return url ? (
    <img
      src={url}
      alt="Organisation logo"
      className="size-16 rounded-card border border-border bg-surface object-contain"
    />
  ) : (
    <span className="grid size-16 place-items-center rounded-card border border-dashed border-border-strong text-subtle">
      <Building2 className="size-6" aria-hidden />
    </span>
  );
}

function OrganizationForm({ organization }: { organization: OrganizationProfile }) {
  const [name, setName] = useState(organization.name);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useUpdateOrganization();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  useEffect(() => setName(organization.name), [organization.name]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = updateOrganizationProfileBody.safeParse({ name });
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    setServerError(null);
    save.mutate(parsed.data.name, {
      onSuccess: () => toast({ title: 'Organisation saved', variant: 'success' }),
      onError: (err) => setServerError(failureMessage(err, M.updateOrganizationFailed)),
    });
  };

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
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label="Organisation name"
          autoComplete="organization"
          className="sm:max-w-md"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError}
          disabled={save.isPending}
        />
        <FormError message={serverError} />
        <div>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={name.trim() === organization.name}
          >
            Save organisation
          </Button>
        </div>
      </form>
    </CardContent>
  );
}

/** The point of contact's organisation name and logo; the logo shows in everyone's rail. */
export function OrganizationCard() {
  const organization = useOrganizationProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organisation</CardTitle>
        <CardDescription>
          The logo replaces the Parley mark in your colleagues’ menu.
        </CardDescription>
      </CardHeader>
      {organization.data ? (
        <OrganizationForm organization={organization.data} />
      ) : organization.isError ? (
        <CardContent>
          <LoadError
            icon={Building2}
            what="Your organisation"
            onRetry={() => void organization.refetch()}
          />
        </CardContent>
      ) : (
        <CardContent className="flex flex-col gap-4">
          <Skeleton className="size-16" />
          <Skeleton className="h-9 w-full max-w-md" />
        </CardContent>
      )}
    </Card>
  );
}
