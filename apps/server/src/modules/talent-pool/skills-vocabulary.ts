/**
 * The skills the resume parser recognises anywhere in a resume: a canonical name and the
 * spellings that mean it. Names that are also ordinary words ("Go", "R") are recognised only
 * inside a skills section (`listedOnly`), where they cannot be mistaken.
 */
export interface SkillTerm {
  name: string;
  aliases: readonly string[];
  listedOnly?: true;
}

const t = (name: string, ...aliases: string[]): SkillTerm => ({ name, aliases });
const listed = (name: string, ...aliases: string[]): SkillTerm => ({
  name,
  aliases,
  listedOnly: true,
});

export const SKILL_VOCABULARY: readonly SkillTerm[] = [
  // Languages
  t('Javascript', 'javascript', 'js', 'ecmascript', 'es6'),
  t('TypeScript', 'typescript'),
  t('Python', 'python'),
  t('Java', 'java'),
  t('Kotlin', 'kotlin'),
  t('Swift', 'swift'),
  t('C++', 'c++', 'cpp'),
  t('C#', 'c#', '.net', 'dotnet'),
  t('Rust', 'rust'),
  t('Ruby', 'ruby'),
  t('PHP', 'php'),
  t('Scala', 'scala'),
  t('Golang', 'golang'),
  listed('Go', 'go'),
  listed('R', 'r'),
  listed('C', 'c'),
  t('SQL', 'sql'),
  t('Bash', 'bash', 'shell scripting'),
  t('HTML', 'html', 'html5'),
  t('CSS', 'css', 'css3', 'sass', 'scss'),
  // Web and back end
  t('React', 'react', 'react.js', 'reactjs'),
  t('React Native', 'react native'),
  t('Next.js', 'next.js', 'nextjs'),
  t('Vue', 'vue', 'vue.js', 'vuejs'),
  t('Angular', 'angular'),
  t('Node.js', 'node.js', 'nodejs', 'node'),
  t('Express', 'express.js', 'expressjs'),
  t('Django', 'django'),
  t('Flask', 'flask'),
  t('FastAPI', 'fastapi'),
  t('Spring', 'spring boot', 'spring'),
  t('Rails', 'ruby on rails', 'rails'),
  t('GraphQL', 'graphql'),
  t('REST APIs', 'rest', 'restful', 'rest api', 'rest apis'),
  t('Microservices', 'microservices', 'micro-services'),
  t('System design', 'system design', 'distributed systems'),
  t('Tailwind', 'tailwind', 'tailwindcss'),
  // Data
  t('PostgreSQL', 'postgresql', 'postgres'),
  t('MySQL', 'mysql'),
  t('MongoDB', 'mongodb', 'mongo'),
  t('Redis', 'redis'),
  t('Elasticsearch', 'elasticsearch'),
  t('Kafka', 'kafka'),
  t('Spark', 'spark', 'pyspark', 'apache spark'),
  t('Hadoop', 'hadoop'),
  t('Airflow', 'airflow'),
  t('dbt', 'dbt'),
  t('Snowflake', 'snowflake'),
  t('BigQuery', 'bigquery'),
  t('Machine learning', 'machine learning', 'ml'),
  t('Deep learning', 'deep learning'),
  t('NLP', 'nlp', 'natural language processing'),
  t('Computer vision', 'computer vision'),
  t('TensorFlow', 'tensorflow'),
  t('PyTorch', 'pytorch'),
  t('scikit-learn', 'scikit-learn', 'sklearn'),
  t('pandas', 'pandas'),
  t('NumPy', 'numpy'),
  t('Statistics', 'statistics', 'statistical modeling', 'statistical modelling'),
  t('A/B testing', 'a/b testing', 'ab testing', 'experimentation'),
  t('Data analysis', 'data analysis', 'data analytics'),
  t('Data visualization', 'data visualization', 'data visualisation'),
  t('Tableau', 'tableau'),
  t('Power BI', 'power bi'),
  t('Excel', 'excel'),
  // Infrastructure
  t('AWS', 'aws', 'amazon web services'),
  t('Azure', 'azure'),
  t('GCP', 'gcp', 'google cloud'),
  t('Docker', 'docker'),
  t('Kubernetes', 'kubernetes', 'k8s'),
  t('Terraform', 'terraform'),
  t('Ansible', 'ansible'),
  t('Linux', 'linux'),
  t('Git', 'git'),
  t('CI/CD', 'ci/cd', 'continuous integration', 'continuous delivery'),
  t('Jenkins', 'jenkins'),
  t('GitHub Actions', 'github actions'),
  t('Prometheus', 'prometheus'),
  t('Grafana', 'grafana'),
  t('Monitoring', 'monitoring', 'observability'),
  t('Networking', 'networking', 'tcp/ip', 'dns'),
  t('Security', 'security', 'devsecops'),
  // Design
  t('Figma', 'figma'),
  t('Sketch', 'sketch'),
  t('Adobe XD', 'adobe xd'),
  t('User research', 'user research', 'ux research'),
  t('Usability testing', 'usability testing'),
  t('Prototyping', 'prototyping', 'prototypes'),
  t('Wireframing', 'wireframing', 'wireframes'),
  t('Interaction design', 'interaction design'),
  t('Design systems', 'design systems', 'design system'),
  t('Accessibility', 'accessibility', 'wcag', 'a11y'),
  // Product and ways of working
  t('Product strategy', 'product strategy'),
  t('Roadmapping', 'roadmapping', 'roadmaps', 'product roadmap'),
  t('Product discovery', 'product discovery'),
  t('Agile', 'agile'),
  t('Scrum', 'scrum'),
  t('Jira', 'jira'),
  t('Stakeholder management', 'stakeholder management'),
  t('Analytics', 'analytics', 'google analytics', 'mixpanel', 'amplitude'),
  t('Project management', 'project management'),
  t('Leadership', 'leadership', 'team leadership'),
  t('Mentoring', 'mentoring', 'mentorship', 'mentored'),
  t('Communication', 'communication'),
  t('Testing', 'unit testing', 'test automation', 'tdd', 'jest', 'pytest', 'cypress'),
];

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches one alias as a whole token: not inside a longer word ("java" not in "javascript"). */
export function aliasPattern(alias: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}+#.])${escape(alias)}(?![\\p{L}\\p{N}+#]|\\.[\\p{L}])`, 'iu');
}

const COMPILED = SKILL_VOCABULARY.map((term) => ({
  term,
  patterns: term.aliases.map(aliasPattern),
}));

/** The vocabulary's skills that occur in `text`, in vocabulary order. */
export function skillsIn(text: string, listedSection: boolean): string[] {
  return COMPILED.filter(
    ({ term, patterns }) =>
      (listedSection || !term.listedOnly) && patterns.some((p) => p.test(text)),
  ).map(({ term }) => term.name);
}

/** The vocabulary's spelling of a skill someone typed, or the typed text tidied. */
export function canonicalSkill(raw: string): string {
  const lower = raw.trim().toLowerCase();
  const term = SKILL_VOCABULARY.find(
    (s) => s.name.toLowerCase() === lower || s.aliases.includes(lower),
  );
  return term?.name ?? raw.trim().replace(/\s+/g, ' ');
}
