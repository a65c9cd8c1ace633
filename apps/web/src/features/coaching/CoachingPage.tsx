import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import type { CoachingItem } from '@parley/contracts';
import {
  Button,
  FeatureGate,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Tooltip,
} from '../../ui';
import { useCoachingRole } from './api';
import { AssessmentsTab } from './AssessmentsTab';
import { ContentTab } from './ContentTab';
import { CreateContentDialog } from './CreateContentDialog';
import { COACHING_TABS, TAB_LABELS, tabOf, type CoachingTab } from './model';
import { OpenItem } from './OpenItem';
import { ProgressTab } from './ProgressTab';
import { QuizzesTab } from './QuizzesTab';

const CREATE_HINT = 'Use Create on the Training tab to add some.';

/**
 * /coaching (spec 1 §2, §7): training videos, presentations and documents by sales stage,
 * quizzes, assessments and progress. The tab is in the address (?tab=training), and so are the
 * item opened (&open=) and the assessment being taken (&quiz=), so Back leaves them.
 */
export default function CoachingPage() {
  const role = useCoachingRole();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const tab = tabOf(params.get('tab'));
  const open = params.get('open');
  const quiz = params.get('quiz');

  // An author's address always names its tab: the Create button goes by it (spec 1 §2).
  // Learners keep /coaching as it is, the landing page of a rep's navigation.
  const author = role.author;
  useEffect(() => {
    if (author && !params.get('tab')) setParams({ tab: 'training' }, { replace: true });
  }, [author, params, setParams]);

  const go = (next: CoachingTab, extra: Record<string, string> = {}) =>
    setParams({ tab: next, ...extra });
  const openItem = (item: CoachingItem) => go(tab, { open: item.id });
  const take = (meetingId: string | null) =>
    go('assessments', meetingId ? { quiz: meetingId } : {});
  const createEnabled = params.get('tab') === 'training';

  const content = (which: 'training' | 'presentations' | 'documents') =>
    open ? (
      <OpenItem id={open} onBack={() => go(which)} />
    ) : (
      <ContentTab tab={which} onOpen={openItem} createHint={CREATE_HINT} />
    );
  const panels: Record<CoachingTab, ReactNode> = {
    training: content('training'),
    presentations: content('presentations'),
    documents: content('documents'),
    quizzes: <QuizzesTab onTake={(id) => take(id)} />,
    assessments: <AssessmentsTab meetingId={quiz} onTake={take} />,
    progress: <ProgressTab />,
  };
  const create = (
    <Button onClick={() => setCreating(true)} disabled={!createEnabled}>
      <Plus aria-hidden /> Create
    </Button>
  );

  const page = (
    <Tabs value={tab} onValueChange={(next) => go(tabOf(next))} className="flex flex-col gap-6">
      <TabsList aria-label="Coaching">
        {COACHING_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {TAB_LABELS[t]}
          </TabsTrigger>
        ))}
      </TabsList>
      {COACHING_TABS.map((t) => (
        <TabsContent key={t} value={t}>
          {t === tab ? panels[t] : null}
        </TabsContent>
      ))}
    </Tabs>
  );

  return (
    <div className="flex flex-col">
      <PageHeader
        title="Coaching"
        description="Training by sales stage, quizzes that test it, and the progress it makes."
        actions={
          role.author ? (
            createEnabled ? (
              create
            ) : (
              <Tooltip label="Content is added from the Training tab">
                <span tabIndex={0}>{create}</span>
              </Tooltip>
            )
          ) : null
        }
      />
      {role.superAdmin ? page : <FeatureGate feature="Sales Coaching">{page}</FeatureGate>}
      {role.author ? <CreateContentDialog open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}
