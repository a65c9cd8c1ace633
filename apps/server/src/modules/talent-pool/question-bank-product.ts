import type { MockLevel } from '@parley/contracts';
import type { BankEntry } from './question-bank.js';

/** The seeded question bank's product and design roles, per level (see question-bank.ts). */
export const PRODUCT_QUESTIONS: Record<string, Record<MockLevel, readonly BankEntry[]>> = {
  'Product manager': {
    Easy: [
      [
        'What is a product you use every day, and what one change would make it better?',
        'product sense',
        ['product strategy'],
      ],
      [
        'How do you decide what goes into the next sprint?',
        'prioritisation',
        ['agile', 'scrum', 'jira'],
      ],
      [
        'How would you explain the job of a product manager to a new engineer on your team?',
        'role understanding',
        [],
      ],
      [
        'What is a metric you would track for a new sign-up flow, and why that one?',
        'metrics',
        ['analytics', 'a/b testing'],
      ],
      [
        'Tell me about a time you gathered feedback from users. What did you do with it?',
        'discovery',
        ['user research', 'product discovery'],
      ],
      ['How do you write a good user story?', 'delivery', ['agile', 'scrum', 'jira']],
    ],
    Medium: [
      [
        'Two important stakeholders want opposite things for the next release. How do you decide?',
        'stakeholders',
        ['stakeholder management'],
      ],
      [
        'Usage of a core feature dropped 15 % last week. How do you find out why?',
        'analytics',
        ['analytics', 'sql', 'data analysis'],
      ],
      [
        'Walk me through how you would build the roadmap for the next two quarters.',
        'roadmapping',
        ['roadmapping', 'product strategy'],
      ],
      [
        'Describe an experiment you ran. What was the hypothesis, and what did the result change?',
        'experimentation',
        ['a/b testing', 'analytics'],
      ],
      [
        'Tell me about a feature you decided not to build. How did you say no?',
        'prioritisation',
        ['stakeholder management'],
      ],
      [
        'How do you work with design and engineering when a deadline is at risk?',
        'collaboration',
        ['agile', 'leadership'],
      ],
    ],
    Hard: [
      [
        'Our largest customer threatens to leave unless we build a feature that no one else wants. What do you do?',
        'strategy',
        ['product strategy', 'stakeholder management'],
      ],
      [
        'How would you decide whether to enter a new market with the current product?',
        'strategy',
        ['product strategy', 'analytics'],
      ],
      [
        'Tell me about a product you launched that failed. What would you do differently?',
        'judgement',
        ['product discovery'],
      ],
      [
        'Design a pricing change for a product with free and paid tiers. How would you test it without losing trust?',
        'pricing',
        ['a/b testing', 'analytics'],
      ],
      [
        'How do you measure whether a platform team, with no direct users, is succeeding?',
        'metrics',
        ['analytics'],
      ],
      [
        'You have six months and half the team you asked for. How do you rebuild the plan?',
        'prioritisation',
        ['roadmapping', 'leadership'],
      ],
    ],
  },
  'Ux designer': {
    Easy: [
      [
        'Walk me through a project in your portfolio: the problem, your process and the result.',
        'portfolio',
        ['figma', 'prototyping'],
      ],
      [
        'How do you start a design when the brief is only one sentence long?',
        'process',
        ['user research'],
      ],
      [
        'What makes a form easy to fill in?',
        'interaction design',
        ['interaction design', 'accessibility'],
      ],
      [
        'How do you make sure a design works for people who use a screen reader?',
        'accessibility',
        ['accessibility'],
      ],
      [
        'What is the difference between a wireframe and a prototype, and when do you use each?',
        'tools',
        ['wireframing', 'prototyping', 'figma'],
      ],
      [
        'Tell me about feedback on your work that was hard to hear. What did you do with it?',
        'collaboration',
        [],
      ],
    ],
    Medium: [
      [
        'How would you run a usability test for a checkout flow with five participants?',
        'research',
        ['usability testing', 'user research'],
      ],
      [
        'A stakeholder insists on a design you believe hurts users. How do you handle it?',
        'stakeholders',
        ['stakeholder management'],
      ],
      [
        'How do you decide what goes into a design system, and what stays a one-off?',
        'design systems',
        ['design systems', 'figma'],
      ],
      [
        'Tell me about a design you changed because of data. What did the data show?',
        'evidence',
        ['analytics', 'a/b testing'],
      ],
      [
        'How do you hand over a design so that engineers build what you meant?',
        'collaboration',
        ['figma', 'design systems'],
      ],
      [
        'Redesign the settings page of an app you use. What would you change first and why?',
        'critique',
        ['interaction design'],
      ],
    ],
    Hard: [
      [
        'How would you redesign a complex enterprise tool whose users resist any change?',
        'change',
        ['user research', 'interaction design'],
      ],
      [
        'How do you measure whether a design is successful after launch?',
        'metrics',
        ['analytics', 'usability testing'],
      ],
      [
        'You have one week and no access to users. How do you still reduce the risk of the design?',
        'constraints',
        ['prototyping', 'user research'],
      ],
      [
        'How would you build a design system across three product teams with different needs?',
        'design systems',
        ['design systems', 'leadership'],
      ],
      [
        'Tell me about a time research contradicted what leadership wanted. What happened?',
        'influence',
        ['user research', 'stakeholder management'],
      ],
      [
        'Design the first-run experience for a product with many advanced features. How do you avoid overwhelming people?',
        'onboarding',
        ['interaction design'],
      ],
    ],
  },
};
