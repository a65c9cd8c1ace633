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

/**
 * Monthly price of each feature, in dollars (minor units of CURRENCY, so cents for USD): a
 * bundle costs what its features add up to (Essentials 49, Sales Suite 99, Interview
 * Intelligence 149).
 */
export const FEATURE_PRICES: Record<FeatureName, string> = {
  Base: '19.00',
  'Zai Intelligence': '15.00',
  'Zai Assistance': '15.00',
  'Sales Intelligence': '39.00',
  'Sales Coaching': '40.00',
  Avatar: '20.00',
  'HR Workflow': '40.00',
  Biometrics: '20.00',
  Proctoring: '15.00',
  'Focus Analytics': '12.00',
  'Facial Emotions': '12.00',
  'Head Pose': '10.00',
  'Lip Sync': '10.00',
  'Physiology Analytics': '20.00',
  Truthfullness: '10.00',
};

/** Credits on sale beside the bundles: the bigger the slab, the bigger the discount. */
export const CREDIT_SLABS = [
  { credits: 500, price: '50.00', discountPercent: 0 },
  { credits: 2000, price: '200.00', discountPercent: 10 },
  { credits: 5000, price: '500.00', discountPercent: 20 },
];

/** Bundles sold on the pricing page; together they hold all fifteen features. */
export const BUNDLES: {
  name: string;
  description: string;
  features: FeatureName[];
}[] = [
  {
    name: 'Essentials',
    description: 'Meeting analysis with Zai',
    features: ['Base', 'Zai Intelligence', 'Zai Assistance'],
  },
  {
    name: 'Sales Suite',
    description: 'Sales intelligence and coaching',
    features: ['Sales Intelligence', 'Sales Coaching', 'Avatar'],
  },
  {
    name: 'Interview Intelligence',
    description: 'Hiring workflow with face, voice and physiology signals',
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
