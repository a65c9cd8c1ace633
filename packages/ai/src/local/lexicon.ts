/**
 * Small word lists behind the built-in engine's heuristics. They are cues, not classifiers:
 * every figure computed from them is reported as a count so a reader can judge it.
 */

const list = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

export const FILLER_WORDS = list('um umm uh uhh uhm erm er hmm mm basically literally actually');
/** Multi-word fillers, counted on the lower-cased text. */
export const FILLER_PHRASES = [
  /\byou know\b/g,
  /\bi mean\b/g,
  /\bsort of\b/g,
  /\bkind of\b/g,
  /\blike,/g,
];

export const POSITIVE_WORDS = list(
  'good great excellent happy glad love like enjoy nice perfect awesome amazing fantastic ' +
    'wonderful pleased excited agree thanks thank appreciate helpful success successful win ' +
    'improve improved better best easy clear interesting fun fine sure absolutely definitely ' +
    'impressive strong confident excited benefit valuable opportunity solved works',
);

export const NEGATIVE_WORDS = list(
  'bad terrible awful hate angry upset sad sorry problem problems issue issues difficult hard ' +
    'worried worry concern concerned fail failed failure wrong broken slow confusing confused ' +
    'disappointed frustrating frustrated annoying unfortunately poor worse worst risk blocked ' +
    'impossible never late delay delayed expensive hurt stuck mess complaint',
);

export const NEGATIONS = list(
  "not no never don't doesn't didn't isn't wasn't aren't won't can't cannot hardly",
);

export const HEDGES = [
  /\bi think\b/g,
  /\bi guess\b/g,
  /\bi suppose\b/g,
  /\bmaybe\b/g,
  /\bperhaps\b/g,
  /\bprobably\b/g,
  /\bkind of\b/g,
  /\bsort of\b/g,
  /\bi'm not sure\b/g,
  /\bmight\b/g,
  /\bpossibly\b/g,
  /\bi feel like\b/g,
];

export const ABSOLUTIST = list(
  'always never everyone everybody nobody nothing everything all none completely totally entirely ' +
    'must definitely certainly absolutely',
);

/** Generalising or loaded phrases that often carry bias in interviews and reviews. */
export const GENERALISATIONS = [
  /\b(?:all|those|these|most) (?:women|men|girls|guys|people from|foreigners|immigrants|millennials|boomers|older people|young people)\b/g,
  /\b(?:women|men|girls|guys|millennials|boomers) (?:are|always|never|can't|don't)\b/g,
  /\b(?:culture fit|too old|too young|overqualified|aggressive for a|emotional for a|accent)\b/g,
  /\bpeople like (?:you|them|that)\b/g,
];

export const INCLUSIVE_PRONOUNS = list('we us our ours ourselves');
export const SELF_PRONOUNS = list("i me my mine myself i'm i've i'll i'd");
export const OTHER_PRONOUNS = list("you your yours you're you've you'll");

/**
 * Words that suggest technical content: domain vocabulary common in engineering, data and
 * product interviews. Acronyms, numbers with units and CamelCase/snake_case identifiers count
 * too (see `isTechnicalToken`).
 */
export const TECHNICAL_WORDS = list(
  'api apis algorithm algorithms architecture backend frontend database databases sql query ' +
    'queries index cache caching latency throughput server servers client protocol http https ' +
    'deploy deployment pipeline kubernetes docker container containers cloud aws azure gcp ' +
    'microservice microservices scalability scalable concurrency thread threads async ' +
    'asynchronous function functions class classes object interface typescript javascript python ' +
    'java golang rust compiler runtime memory cpu gpu model models training inference dataset ' +
    'regression classifier neural network networks encryption authentication authorization token ' +
    'schema migration framework library libraries repository git branch merge test tests testing ' +
    'integration unit debugging debug logging monitoring metrics observability refactor refactoring ' +
    'complexity recursion graph tree hash distributed replication partition sharding queue queues ' +
    'event events stream streaming batch react component components state endpoint endpoints ' +
    'devops linux bandwidth storage bucket lambda terraform analytics statistics kpi roi pipeline',
);

export function isTechnicalToken(raw: string): boolean {
  if (TECHNICAL_WORDS.has(raw.toLowerCase())) return true;
  if (/^[A-Z]{2,6}s?$/.test(raw) && raw !== 'OK' && raw !== 'I') return true;
  if (/^[a-z]+[A-Z][A-Za-z]+$/.test(raw) || /^[a-z]+_[a-z_]+$/.test(raw)) return true;
  return /^\d+(?:\.\d+)?(?:ms|gb|mb|kb|tb|k|x|%)$/i.test(raw);
}
