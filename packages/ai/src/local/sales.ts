import { bullet, type TaskOutput } from './output.js';
import { citeSentence, type Sentence } from './sentences.js';

/** What each sales stage listens for; a sentence is relevant when it holds one of these cues. */
const STAGE_CUES: Record<string, RegExp> = {
  prospecting: /\b(?:company|team|role|responsible|currently|using|tools?|introduc\w*)\b/i,
  discovery:
    /\b(?:problem|pain|challenge|struggl\w*|need|goal|currently|today we|process|workflow|frustrat\w*|priority)\b/i,
  qualification:
    /\b(?:budget|decision|decide|approv\w*|timeline|when|who else|authority|stakeholder|priority|quarter)\b/i,
  demo: /\b(?:show|see|feature|dashboard|works?|screen|demo|example|integrat\w*)\b/i,
  presentation: /\b(?:show|feature|benefit|value|results?|case study|customers?)\b/i,
  proposal:
    /\b(?:price|pricing|cost|quote|proposal|contract|licen[cs]e|seats?|package|plan|discount)\b/i,
  objection:
    /\b(?:but|concern\w*|worr\w*|expensive|too much|not sure|risk|competitor|already use|instead|however)\b/i,
  negotiation:
    /\b(?:price|discount|terms?|contract|commit\w*|deal|offer|counter|budget|annual|monthly)\b/i,
  closing:
    /\b(?:sign|contract|start|next steps?|kick[\s-]?off|onboard\w*|agree\w*|deal|go ahead|move forward|purchase order)\b/i,
};

/** The moments of the meeting that matter for one sales stage, cited, in time order. */
export function salesStageMoments(stage: string, sentences: Sentence[], max = 10): TaskOutput {
  const cue = STAGE_CUES[stage] ?? STAGE_CUES.discovery;
  const hits = sentences
    .filter((s) => cue?.test(s.text) && s.text.split(/\s+/).length >= 4)
    .slice(0, max);
  const title = `${stage[0]?.toUpperCase() ?? ''}${stage.slice(1)}`;
  if (hits.length === 0) {
    return {
      text: `No ${stage} moments were found in this meeting.`,
      json: { stage, moments: [] },
      citations: [],
    };
  }
  return {
    text: [
      `${title} stage: moments that bear on it (sentences with its cue words, in time order):`,
      ...hits.map(bullet),
    ].join('\n'),
    json: { stage, moments: hits.map(citeSentence) },
    citations: hits.map(citeSentence),
  };
}
