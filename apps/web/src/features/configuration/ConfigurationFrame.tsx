import type { ReactNode } from 'react';
import { PageHeader } from '../../ui';
import { ConfigurationTabs, type ConfigurationTab } from './ConfigurationTabs';

interface ConfigurationFrameProps {
  current: ConfigurationTab;
  title?: string;
  description: string;
  /** 'sections': the header and tabs stay close and the page's sections stand further apart. */
  spacing?: 'even' | 'sections';
  children: ReactNode;
}

/** A configuration page: its header, the configuration tabs, then the page itself. */
export function ConfigurationFrame({
  current,
  title = 'Configuration',
  description,
  spacing = 'even',
  children,
}: ConfigurationFrameProps) {
  const head = (
    <>
      <PageHeader title={title} description={description} className="pb-0" />
      <ConfigurationTabs current={current} />
    </>
  );
  if (spacing === 'sections')
    return (
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-4">{head}</div>
        {children}
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      {head}
      {children}
    </div>
  );
}
