import { useCan } from '../../lib/auth-store';
import { ConfigurationFrame } from '../configuration';
import { AiProvidersSection } from './AiProvidersSection';

/**
 * /configuration/ai-providers: the AI providers tab of Configuration, the same section as on
 * /app-integrations, so the tab keeps its own address and title rather than leaving the area.
 */
export default function AiProvidersPage() {
  const canManage = useCan('integrations.manage');
  return (
    <ConfigurationFrame
      current="ai"
      title="AI providers"
      description="Which AI models Zai and the prompt workbench can use."
    >
      <AiProvidersSection canManage={canManage} title="Providers" />
    </ConfigurationFrame>
  );
}
