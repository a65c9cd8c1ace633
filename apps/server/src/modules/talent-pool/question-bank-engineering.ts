import type { MockLevel } from '@parley/contracts';
import type { BankEntry } from './question-bank.js';

/** The seeded question bank's engineering and data roles, per level (see question-bank.ts). */
export const ENGINEERING_QUESTIONS: Record<string, Record<MockLevel, readonly BankEntry[]>> = {
  'Software engineer': {
    Easy: [
      [
        'Walk me through a feature you built recently, from the ticket to production.',
        'delivery',
        ['agile', 'git'],
      ],
      [
        'How do you decide what to test in a piece of code you just wrote?',
        'testing',
        ['testing', 'tdd', 'jest', 'pytest'],
      ],
      [
        'What happens in the browser between typing a URL and seeing the page?',
        'web fundamentals',
        ['javascript', 'react', 'html', 'networking'],
      ],
      [
        'Explain the difference between a process and a thread, with an example of when you would use each.',
        'fundamentals',
        ['java', 'c++', 'golang', 'python'],
      ],
      [
        'How do you use version control on a team, and how do you handle a merge conflict?',
        'collaboration',
        ['git'],
      ],
      [
        'Describe a bug you found hard to track down. How did you find it?',
        'debugging',
        ['debugging'],
      ],
    ],
    Medium: [
      [
        'Design a URL shortener: which endpoints, what storage, and how would you handle a sudden traffic spike?',
        'system design',
        ['system design', 'redis', 'postgresql', 'aws'],
      ],
      [
        'Tell me about a time you had to choose between shipping quickly and writing it properly. What did you choose and why?',
        'trade-offs',
        ['agile'],
      ],
      [
        'How would you find and fix a slow database query in a service you did not write?',
        'performance',
        ['sql', 'postgresql', 'mysql'],
      ],
      [
        'How do you keep a React application fast as it grows?',
        'front end',
        ['react', 'javascript', 'typescript', 'next.js'],
      ],
      [
        'When would you split a service into two, and what would make you keep it as one?',
        'architecture',
        ['microservices', 'kubernetes', 'docker'],
      ],
      [
        'Describe a code review where you disagreed with the reviewer. How was it resolved?',
        'collaboration',
        ['mentoring', 'leadership'],
      ],
    ],
    Hard: [
      [
        'Design a system that sends notifications to 50 million users with retries and no duplicates. Where are the hard parts?',
        'system design',
        ['kafka', 'system design', 'redis', 'aws'],
      ],
      [
        'A production incident is happening now and the cause is unknown. Walk me through your first thirty minutes.',
        'incident response',
        ['monitoring', 'linux', 'kubernetes'],
      ],
      [
        'How would you migrate a live database schema used by several services without downtime?',
        'migrations',
        ['postgresql', 'sql', 'microservices'],
      ],
      [
        'Tell me about a technical decision you made that turned out wrong. What did you learn, and what changed afterwards?',
        'judgement',
        ['leadership'],
      ],
      [
        'How do you make a distributed system consistent enough for money, and where would you accept eventual consistency?',
        'distributed systems',
        ['system design', 'kafka'],
      ],
      [
        'You inherit a large codebase with no tests and weekly outages. What is your plan for the first quarter?',
        'technical leadership',
        ['testing', 'leadership', 'ci/cd'],
      ],
    ],
  },
  'Data scientist': {
    Easy: [
      [
        'Explain overfitting to someone who is not technical, and how you guard against it.',
        'modelling',
        ['machine learning', 'statistics'],
      ],
      [
        'How do you explore a new data set before building anything?',
        'exploration',
        ['pandas', 'python', 'data analysis', 'sql'],
      ],
      [
        'What is the difference between precision and recall, and when would you favour each?',
        'evaluation',
        ['machine learning'],
      ],
      [
        'How would you handle missing values in a column used by your model?',
        'data cleaning',
        ['pandas', 'python'],
      ],
      [
        'Write out, in words, a SQL query that finds each customer’s most recent order.',
        'sql',
        ['sql'],
      ],
      [
        'Tell me about a chart you made that changed someone’s mind.',
        'communication',
        ['data visualization', 'tableau', 'power bi'],
      ],
    ],
    Medium: [
      [
        'How would you design an A/B test for a new recommendation widget, and how long would it run?',
        'experimentation',
        ['a/b testing', 'statistics'],
      ],
      [
        'Your model performs well offline but poorly in production. What could explain it?',
        'deployment',
        ['machine learning', 'python'],
      ],
      [
        'How do you choose between a simple model and a more accurate complex one?',
        'trade-offs',
        ['machine learning', 'scikit-learn'],
      ],
      [
        'Describe a project where the data you needed did not exist yet. What did you do?',
        'problem solving',
        ['data analysis'],
      ],
      [
        'How would you detect fraud in card transactions with very few labelled examples?',
        'modelling',
        ['machine learning', 'statistics'],
      ],
      [
        'How do you explain a model’s prediction to a business stakeholder who must act on it?',
        'communication',
        ['machine learning', 'stakeholder management'],
      ],
    ],
    Hard: [
      [
        'Design an end-to-end system that retrains and serves a churn model every week. What can go wrong?',
        'ml systems',
        ['machine learning', 'airflow', 'spark', 'aws'],
      ],
      [
        'An experiment shows a significant lift, but revenue did not move. How do you reconcile the two?',
        'causal inference',
        ['a/b testing', 'statistics'],
      ],
      [
        'How would you measure the impact of a feature that could not be A/B tested?',
        'causal inference',
        ['statistics'],
      ],
      [
        'Your model is accurate overall but worse for one group of users. What do you do?',
        'fairness',
        ['machine learning'],
      ],
      [
        'How would you build a search ranking model when clicks are biased by position?',
        'ranking',
        ['machine learning', 'nlp'],
      ],
      [
        'Tell me about a time your analysis was wrong after it had been used. How did you handle it?',
        'judgement',
        ['data analysis'],
      ],
    ],
  },
  'Devops engineer': {
    Easy: [
      [
        'Describe a CI/CD pipeline you set up or maintained. What did each stage do?',
        'ci/cd',
        ['ci/cd', 'jenkins', 'github actions', 'git'],
      ],
      [
        'What is the difference between a container and a virtual machine?',
        'containers',
        ['docker', 'linux'],
      ],
      ['How would you find out why a Linux server’s disk filled up?', 'linux', ['linux', 'bash']],
      [
        'What do you monitor on a web service, and what would wake you at night?',
        'monitoring',
        ['monitoring', 'prometheus', 'grafana'],
      ],
      [
        'Why keep infrastructure as code? Give an example from your work.',
        'infrastructure as code',
        ['terraform', 'ansible'],
      ],
      [
        'How do you keep secrets such as passwords out of a repository?',
        'security',
        ['security', 'git'],
      ],
    ],
    Medium: [
      [
        'How would you roll out a new version of a service with no downtime and a quick way back?',
        'deployments',
        ['kubernetes', 'ci/cd'],
      ],
      [
        'A Kubernetes pod keeps restarting. How do you investigate?',
        'kubernetes',
        ['kubernetes', 'docker'],
      ],
      [
        'How do you set alert thresholds so that alerts are rare but never miss a real outage?',
        'monitoring',
        ['monitoring', 'prometheus'],
      ],
      [
        'Walk me through how you would reduce a cloud bill by a third.',
        'cost',
        ['aws', 'azure', 'gcp'],
      ],
      [
        'Tell me about an incident you handled. What was the root cause and what changed afterwards?',
        'incident response',
        ['monitoring', 'linux'],
      ],
      [
        'How do you structure Terraform for several environments and teams?',
        'infrastructure as code',
        ['terraform'],
      ],
    ],
    Hard: [
      [
        'Design the infrastructure for a service that must survive the loss of a whole cloud region.',
        'reliability',
        ['aws', 'azure', 'gcp', 'kubernetes'],
      ],
      [
        'How would you introduce SLOs to teams that have never had them?',
        'reliability',
        ['monitoring', 'leadership'],
      ],
      [
        'A deploy pipeline takes 90 minutes and teams avoid deploying. What is your plan?',
        'ci/cd',
        ['ci/cd', 'docker'],
      ],
      [
        'How would you secure a Kubernetes cluster shared by several teams?',
        'security',
        ['kubernetes', 'security'],
      ],
      [
        'Tell me about a time automation you built caused an outage. What did you change?',
        'judgement',
        ['ansible', 'terraform'],
      ],
      [
        'How would you migrate dozens of services from virtual machines to containers without stopping feature work?',
        'migration',
        ['docker', 'kubernetes'],
      ],
    ],
  },
};
