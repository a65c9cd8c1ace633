import type { FeatureName } from '@parley/contracts';

export const FEATURE_DESCRIPTIONS: Record<FeatureName, string> = {
  Base: 'Upload, transcribe and analyze meetings',
  'Zai Intelligence': 'AI insights, action items and scores for each meeting',
  Biometrics: 'Face and voice registration and verification of participants',
  'Focus Analytics': 'Eye gaze and attention across a meeting',
  'Facial Emotions': 'Emotions per participant over time',
  'Head Pose': 'Head orientation per participant',
  'Physiology Analytics': 'Heart rate, HRV, respiration and stress estimates from video',
  Truthfullness: 'Experimental behavioral-cue indicator',
  'Lip Sync': 'Agreement between lip movement and voice',
  Avatar: 'AI interviewer and presenter avatars',
  'Zai Assistance': 'Ask Zai questions about your meetings',
  'HR Workflow': 'Interview rounds, candidate analysis and reports',
  'Sales Intelligence': 'Deal stages and sales prompts',
  'Sales Coaching': 'Coaching videos, slides, documents and quizzes',
  Proctoring: 'Alerts for missing faces, extra faces and looking away',
};

/** Bundles sold on the pricing page; together they hold all fifteen features. */
export const BUNDLES: {
  name: string;
  description: string;
  price: string;
  features: FeatureName[];
}[] = [
  {
    name: 'Essentials',
    description: 'Meeting analysis with Zai',
    price: '49.00',
    features: ['Base', 'Zai Intelligence', 'Zai Assistance'],
  },
  {
    name: 'Sales Suite',
    description: 'Sales intelligence and coaching',
    price: '99.00',
    features: ['Sales Intelligence', 'Sales Coaching', 'Avatar'],
  },
  {
    name: 'Interview Intelligence',
    description: 'Hiring workflow with face, voice and physiology signals',
    price: '149.00',
    features: [
      'HR Workflow',
      'Biometrics',
      'Proctoring',
      'Focus Analytics',
      'Facial Emotions',
      'Head Pose',
      'Lip Sync',
      'Physiology Analytics',
      'Truthfullness',
    ],
  },
];

/** The demo organisation's plan leaves Interview Intelligence out, so locked features can be seen. */
export const DEMO_PLAN_BUNDLES = ['Essentials', 'Sales Suite'];
export const DEMO_ORG_NAME = 'Acme Corp';
export const PLATFORM_ORG_NAME = 'Parley';
export const TALENT_POOL_ORG_NAME = 'Parley Talent Pool';
