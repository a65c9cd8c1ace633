import { ConfigurationFrame } from '../configuration';
import { AvatarsSection } from './AvatarsSection';
import { VoicesSection } from './VoicesSection';

/** /configuration/avatars: avatars and voices (spec 3 §2 "Avatar and voice selection"). */
export default function AvatarsSettingsPage() {
  return (
    <ConfigurationFrame
      current="avatars"
      title="Avatars and voices"
      description="The faces and voices of the AI interviewer and the meeting bot."
      spacing="sections"
    >
      <AvatarsSection />
      <VoicesSection />
    </ConfigurationFrame>
  );
}
