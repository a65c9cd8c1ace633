import { SmilePlus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { CardContent, Skeleton, SwitchField } from '../../ui';
import { useOrganizationSettings, useUpdateOrganizationSettings } from './api';
import { LoadedSettingsCard } from './SettingsCard';

/**
 * The point of contact's switch for emotion inference. Off, the video step runs no emotion
 * model for the organisation's meetings and stores no emotion scores.
 */
export function AnalysisSettingsCard() {
  const settings = useOrganizationSettings();
  const update = useUpdateOrganizationSettings();
  const change = (emotionInference: boolean) =>
    update.mutate(
      { emotionInference },
      {
        onSuccess: () =>
          toast({
            title: emotionInference
              ? 'Emotion inference switched on'
              : 'Emotion inference switched off',
            variant: 'success',
          }),
        onError: () => toast({ title: 'The setting was not saved', variant: 'error' }),
      },
    );
  return (
    <LoadedSettingsCard
      title="Analysis"
      description="What Parley may infer from your organization’s recordings."
      query={settings}
      icon={SmilePlus}
      what="The analysis settings"
      placeholder={<Skeleton className="h-12 w-full" />}
    >
      {(data) => (
        <CardContent>
          <SwitchField
            label="Emotion inference"
            description="Reads facial expressions (happy, neutral, angry …) in video meetings. The EU AI Act (art. 5(1)(f)) bans emotion recognition in workplaces and education: switch it off there. Off, no emotion is computed or stored, and emotions stored before are no longer shown."
            checked={update.isPending ? !data.emotionInference : data.emotionInference}
            disabled={update.isPending}
            onCheckedChange={change}
          />
        </CardContent>
      )}
    </LoadedSettingsCard>
  );
}
