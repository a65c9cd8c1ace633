import { Clapperboard } from 'lucide-react';
import { BarePage } from '../../ui';

/** /avatar, /avatar/{id}, /avatar_gox/{id}: bare avatar video pages. */
export default function AvatarPage() {
  return (
    <BarePage
      title="Avatar"
      icon={Clapperboard}
      summary="Avatar video pages arrive with the Avatars area."
    />
  );
}
