import { ShieldCheck } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { privacyRoutes, type PrivacySettings } from '@parley/contracts';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { CardContent, SwitchField } from '../../ui';
import { LoadedSettingsCard } from './SettingsCard';

const privacyKey = ['organization', 'privacy'] as const;

function usePrivacySettings() {
  return useQuery({
    queryKey: privacyKey,
    queryFn: ({ signal }) => api(privacyRoutes.getSettings, { signal, toast: false }),
  });
}

function useUpdatePrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<PrivacySettings>) =>
      api(privacyRoutes.updateSettings, { body, toast: false }),
    onSuccess: (settings) => client.setQueryData(privacyKey, settings),
    onError: () => toast({ title: 'The privacy setting was not saved', variant: 'error' }),
  });
}

function PrivacySwitches({ settings }: { settings: PrivacySettings }) {
  const update = useUpdatePrivacy();
  return (
    <CardContent className="flex flex-col gap-5">
      <SwitchField
        label="Mask personal data in transcripts"
        description="E-mail addresses, phone numbers, card numbers (Luhn-checked) and national ID numbers (US SSN, UK National Insurance, Aadhaar) read as [email], [phone], [card number] or [ID number] in transcripts, search, Zai answers and reports. Applies to recordings analyzed or corrected from now on."
        checked={settings.piiRedaction}
        disabled={update.isPending}
        onCheckedChange={(piiRedaction) => update.mutate({ piiRedaction })}
      />
      <SwitchField
        label="Keep the unmasked originals"
        description="A copy of the words before masking, readable only by those who manage the organization. Off: the masked transcript is the only copy."
        checked={settings.piiKeepOriginals}
        disabled={update.isPending || !settings.piiRedaction}
        onCheckedChange={(piiKeepOriginals) => update.mutate({ piiKeepOriginals })}
      />
    </CardContent>
  );
}

/** The point of contact's PII redaction switches (issue 14 item 9). */
export function PrivacyCard() {
  return (
    <LoadedSettingsCard
      title="Privacy"
      description="What personal data the analysis keeps out of transcripts and everything built on them."
      query={usePrivacySettings()}
      icon={ShieldCheck}
      what="The privacy settings"
    >
      {(settings) => <PrivacySwitches settings={settings} />}
    </LoadedSettingsCard>
  );
}
