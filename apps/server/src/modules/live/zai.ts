import { contextTokensOf, runPrompt, withoutEngineNote, type TranscriptLine } from '@parley/ai';
import type { LiveZaiPrompts, MeetingStage } from '@parley/contracts';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { FinalSegment } from './analytics.js';

const stageName = (stage: MeetingStage) => stage.replace(/_stage$/, '').replace(/_/g, ' ');

/** Zai's live prompts (issue 18 item 5): the insights step's wording, asked of the call so far. */
function livePrompts(stage: MeetingStage) {
  const sales = stage !== 'basic_meeting';
  const context = sales
    ? `This is a sales call at the ${stageName(stage)} stage of the deal. `
    : '';
  return {
    keyQuestions:
      'List the key questions asked in the meeting so far, one per line, each with who asked it.',
    questionsToAsk: sales
      ? `${context}What should the seller ask the customer next in this call to move the deal forward? One question per line.`
      : 'What questions should be asked next in this meeting to clear up what is still open? One question per line.',
    customerIntent: sales
      ? `${context}What is the customer trying to achieve, and how strong is their interest? One point per line.`
      : null,
  };
}

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s*/;

function linesOf(text: string): string[] {
  return withoutEngineNote(text)
    .split(/\r?\n/)
    .map((l) => l.replace(BULLET, '').trim())
    .filter(
      (l) => l.length > 0 && !l.endsWith(':') && !l.startsWith('The built-in engine could not'),
    );
}

/**
 * Asks the organisation's model (the built-in local engine unless it connected another) the
 * live prompts over the final segments so far. Each prompt is one runPrompt call.
 */
export async function runLiveZai(
  ai: AiProviderResolver,
  meeting: { meetingId: string; organizationId: string; stage: MeetingStage },
  finals: readonly FinalSegment[],
  now: Date,
  nextAt: Date,
): Promise<LiveZaiPrompts> {
  const { provider, model } = await ai.providerFor(meeting.organizationId);
  const transcript: TranscriptLine[] = [...finals]
    .sort((a, b) => a.startSec - b.startSec)
    .map((s) => ({
      speaker: s.speakerName.trim() || 'You',
      start: s.startSec,
      end: s.endSec,
      text: s.content,
    }));
  const ask = async (instructions: string) =>
    linesOf(
      (
        await runPrompt(provider, {
          model,
          instructions,
          transcript,
          settings: { temperature: 0.2 },
          contextTokens: contextTokensOf(model),
        })
      ).text,
    );
  const p = livePrompts(meeting.stage);
  const [keyQuestions, questionsToAsk, intent] = await Promise.all([
    ask(p.keyQuestions),
    ask(p.questionsToAsk),
    p.customerIntent ? ask(p.customerIntent) : Promise.resolve(null),
  ]);
  return {
    meetingId: meeting.meetingId,
    keyQuestions,
    questionsToAsk,
    customerIntent: intent ? intent.join('\n') : null,
    model,
    generatedAt: now.toISOString(),
    nextAt: nextAt.toISOString(),
  };
}
