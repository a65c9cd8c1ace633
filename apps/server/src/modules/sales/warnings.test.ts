import { describe, expect, it } from 'vitest';
import type { CountedWord } from '../trackers/index.js';
import {
  dealNextStep,
  dealWarnings,
  isAgreedStep,
  median,
  nextStepOf,
  type CallFacts,
  type DealFacts,
} from './warnings.js';

const NOW = new Date('2025-06-30T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

/** Words as the speech step stores them, one entry per word, from [speaker, text] lines. */
function words(lines: [speaker: string, text: string][]): CountedWord[] {
  const out: CountedWord[] = [];
  let t = 0;
  for (const [speaker, text] of lines) {
    for (const word of text.split(' ')) {
      out.push({ word, start: t, end: t + 0.4, speaker });
      t += 0.5;
    }
  }
  return out;
}

const member = { firstName: 'Sam', lastName: 'Seller', email: 'sam@acme.example' };

function call(id: string, over: Partial<CallFacts> = {}): CallFacts {
  return {
    id,
    startTime: daysAgo(3),
    names: { speaker_00: 'Sam Seller', speaker_01: 'jane@buyer.example' },
    attendees: [],
    verified: [],
    words: words([
      ['speaker_00', 'Thanks for joining, shall we look at the roll-out?'],
      ['speaker_01', 'Yes. What would the pricing be for forty seats?'],
    ]),
    actionItems: ['speaker_00 will send the proposal by Friday'],
    ...over,
  };
}

function deal(over: Partial<DealFacts> = {}): DealFacts {
  return {
    stage: 'discovery_stage',
    createdAt: daysAgo(60),
    contacts: [
      { email: 'jane@buyer.example', name: 'Jane Buyer' },
      { email: 'omar@buyer.example', name: 'Omar Finance' },
    ],
    members: [member],
    calls: [
      call('c1', {
        startTime: daysAgo(10),
        attendees: ['omar@buyer.example'],
      }),
      call('c2'),
    ],
    stageHistory: [{ stage: 'discovery_stage', changedAt: daysAgo(5) }],
    stageSpansMs: [10, 12, 20, 30, 40].map((d) => d * DAY),
    ...over,
  };
}

const kinds = (facts: DealFacts, now = NOW) => dealWarnings(facts, now).warnings.map((w) => w.kind);
const warning = (facts: DealFacts, kind: string, now = NOW) =>
  dealWarnings(facts, now).warnings.find((w) => w.kind === kind);
const unchecked = (facts: DealFacts, kind: string) =>
  dealWarnings(facts, NOW).unchecked.find((u) => u.kind === kind)?.reason;

describe('dealWarnings', () => {
  it('says nothing of a healthy deal, and every rule judged it', () => {
    expect(dealWarnings(deal(), NOW)).toEqual({ warnings: [], unchecked: [] });
  });

  it('warns of no call in 14 days, from the last call that happened', () => {
    const quiet = deal({
      calls: [
        call('old', { startTime: daysAgo(20) }),
        call('last', { startTime: daysAgo(15) }),
        // Scheduled, not held: it does not count as a call.
        call('next', { startTime: new Date(NOW.getTime() + DAY) }),
      ],
    });
    expect(warning(quiet, 'noRecentCall')).toEqual({
      kind: 'noRecentCall',
      message: 'No call in 15 days (the last was on Jun 15, 2025)',
      evidence: {
        meetingIds: ['last'],
        lastCallAt: daysAgo(15).toISOString(),
        daysSinceLastCall: 15,
      },
    });
    expect(kinds(deal({ calls: [call('c', { startTime: daysAgo(13) })] }))).not.toContain(
      'noRecentCall',
    );
    // Without any call, from the deal's creation.
    expect(warning(deal({ calls: [], createdAt: daysAgo(30) }), 'noRecentCall')?.message).toBe(
      'No call in the 30 days since the deal was created',
    );
    expect(kinds(deal({ calls: [], createdAt: daysAgo(2) }))).not.toContain('noRecentCall');
  });

  it('warns when only one contact attended, and cannot tell when none is known to have', () => {
    const single = deal({ calls: [call('c2')] });
    expect(warning(single, 'singleThreaded')).toMatchObject({
      message:
        'Only one contact engaged: Jane Buyer is the only one of the deal’s 2 contacts seen in its calls',
      evidence: { meetingIds: ['c2'], contacts: 2, engagedContacts: ['jane@buyer.example'] },
    });
    // Two contacts: one named as a speaker, one invited by e-mail (deal() as it is).
    expect(kinds(deal())).not.toContain('singleThreaded');
    // A contact named by their name rather than their address counts too.
    const byName = deal({
      calls: [
        call('c', { names: { speaker_01: 'omar finance' }, attendees: ['jane@buyer.example'] }),
      ],
    });
    expect(kinds(byName)).not.toContain('singleThreaded');
    const nobody = deal({ calls: [call('c', { names: { speaker_00: 'Sam Seller' } })] });
    expect(kinds(nobody)).not.toContain('singleThreaded');
    expect(unchecked(nobody, 'singleThreaded')).toMatch(/^Not enough signal/);
    expect(unchecked(deal({ contacts: [] }), 'singleThreaded')).toBe('The deal has no contacts.');
  });

  it('warns when the customer never spoke of pricing, with our side’s mentions as evidence', () => {
    const silent = deal({
      calls: [
        call('c1', {
          attendees: ['omar@buyer.example'],
          words: words([
            ['speaker_00', 'Our price is per seat, and the budget you gave fits.'],
            ['speaker_01', 'Good. Send the security pack please.'],
          ]),
        }),
      ],
    });
    const w = warning(silent, 'pricingNotDiscussed');
    expect(w?.message).toBe(
      'Pricing never discussed by the customer in 1 call where their side is known (your side mentioned it 3 times)',
    );
    expect(w?.evidence.meetingIds).toEqual(['c1']);
    expect(w?.evidence.moments?.map((m) => [m.speaker, m.text])).toEqual([
      ['Sam Seller', 'price'],
      ['Sam Seller', 'per seat,'],
      ['Sam Seller', 'budget'],
    ]);
    // The customer asking "what would the pricing be" is pricing discussed.
    expect(kinds(deal())).not.toContain('pricingNotDiscussed');
  });

  it('does not warn on pricing when no speaker is known to be the customer’s', () => {
    const anonymous = deal({
      calls: [
        call('c1', {
          names: {},
          words: words([
            ['speaker_00', 'Let us go through the roll-out plan.'],
            ['speaker_01', 'Fine by me.'],
          ]),
        }),
      ],
    });
    expect(kinds(anonymous)).not.toContain('pricingNotDiscussed');
    expect(unchecked(anonymous, 'pricingNotDiscussed')).toMatch(/^Not enough signal/);
    // A speaker of unknown side mentioning pricing might have been the customer.
    const maybe = deal({
      calls: [
        call('c1', {
          names: { speaker_01: 'jane@buyer.example' },
          words: words([
            ['speaker_00', 'What about pricing?'],
            ['speaker_01', 'Later.'],
          ]),
        }),
      ],
    });
    expect(kinds(maybe)).not.toContain('pricingNotDiscussed');
    expect(unchecked(maybe, 'pricingNotDiscussed')).toMatch(/side is not known/);
  });

  it('verified participants decide sides: a verified outsider is the customer', () => {
    const verified = deal({
      contacts: [{ email: 'jane@buyer.example', name: '' }],
      calls: [
        call('c1', {
          names: { speaker_00: 'Sam Seller' },
          verified: [{ speaker: 'speaker_01', email: 'pat@buyer.example' }],
          words: words([
            ['speaker_00', 'Here is the pricing.'],
            ['speaker_01', 'Thanks, we will read it.'],
          ]),
        }),
      ],
    });
    expect(kinds(verified)).toContain('pricingNotDiscussed');
  });

  it('warns when the last call’s action items give no step with who and when', () => {
    const vague = deal({
      calls: [
        call('c1', { startTime: daysAgo(8), actionItems: ['speaker_00 will send it by Monday'] }),
        call('c2', {
          attendees: ['omar@buyer.example'],
          actionItems: ['The team will follow up', 'speaker_01 to review the deck'],
        }),
      ],
    });
    expect(warning(vague, 'noNextStep')).toEqual({
      kind: 'noNextStep',
      message:
        'No next step agreed in the last call (Jun 27, 2025): none of its 2 action items says who will do what by when',
      evidence: {
        meetingIds: ['c2'],
        lastCallAt: daysAgo(3).toISOString(),
        actionItems: ['The team will follow up', 'speaker_01 to review the deck'],
      },
    });
    const none = deal({
      calls: [call('c', { attendees: ['omar@buyer.example'], actionItems: [] })],
    });
    expect(warning(none, 'noNextStep')?.message).toBe(
      'No next step agreed in the last call (Jun 27, 2025): it has no action items',
    );
    const notYet = deal({ calls: [call('c', { actionItems: null })] });
    expect(kinds(notYet)).not.toContain('noNextStep');
    expect(unchecked(notYet, 'noNextStep')).toBe(
      'The last call’s action items are not analyzed yet.',
    );
  });

  it('reads who and when in an action item', () => {
    const people = ['jane buyer', 'sam seller'];
    expect(isAgreedStep('speaker_00 will send the deck by Friday', people)).toBe(true);
    expect(isAgreedStep('Jane Buyer to confirm the budget next week', people)).toBe(true);
    expect(isAgreedStep('Sam Seller books the demo on 12 March', people)).toBe(true);
    expect(isAgreedStep('Send the contract in 3 days', people)).toBe(false);
    expect(isAgreedStep('speaker_01 will look into it', people)).toBe(false);
    // "may" is a month only with a day or after "by", "in", "on", "before".
    expect(isAgreedStep('speaker_01 may send the figures', people)).toBe(false);
    expect(isAgreedStep('speaker_01 sends the figures by May', people)).toBe(true);
    expect(isAgreedStep('We will follow up soon', people)).toBe(false);
  });

  it('warns of a deal in its stage longer than the organization’s median', () => {
    // Median of 10, 12, 20, 30, 40 days is 20.
    const stuck = deal({ stageHistory: [{ stage: 'discovery_stage', changedAt: daysAgo(25) }] });
    expect(warning(stuck, 'stuckInStage')).toEqual({
      kind: 'stuckInStage',
      message: 'Stuck in Discovery for 25 days, longer than the organization’s median of 20 days',
      evidence: {
        meetingIds: [],
        stageSince: daysAgo(25).toISOString(),
        daysInStage: 25,
        medianDays: 20,
        spans: 5,
      },
    });
    expect(
      kinds(deal({ stageHistory: [{ stage: 'discovery_stage', changedAt: daysAgo(19) }] })),
    ).not.toContain('stuckInStage');
  });

  it('does not judge the stage with fewer than 5 finished stays, or without its history', () => {
    const few = deal({
      stageHistory: [{ stage: 'discovery_stage', changedAt: daysAgo(90) }],
      stageSpansMs: [DAY, DAY, DAY, DAY],
    });
    expect(kinds(few)).not.toContain('stuckInStage');
    expect(unchecked(few, 'stuckInStage')).toBe(
      'Not enough signal: the organization has 4 finished stays in Discovery; 5 are needed for a median.',
    );
    const unknown = deal({
      stageHistory: [{ stage: 'prospecting_stage', changedAt: daysAgo(90) }],
    });
    expect(unchecked(unknown, 'stuckInStage')).toBe(
      'When the deal entered Discovery is not recorded.',
    );
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
    expect(median([])).toBeNull();
  });
});

describe('the next step', () => {
  const people = ['jane buyer', 'sam seller'];

  it('of a call is the item with who and when, else the first with a time, else the first', () => {
    expect(
      nextStepOf(
        ['Share the notes', 'Send the contract in 3 days', 'Jane Buyer to confirm next week'],
        people,
      ),
    ).toEqual({ text: 'Jane Buyer to confirm next week', agreed: true });
    expect(nextStepOf(['Share the notes', 'Send the contract in 3 days'], people)).toEqual({
      text: 'Send the contract in 3 days',
      agreed: false,
    });
    expect(nextStepOf(['Share the notes', 'speaker_01 will look into it'], people)).toEqual({
      text: 'Share the notes',
      agreed: false,
    });
    expect(nextStepOf([], people)).toBeNull();
  });

  it('of a deal comes from its last call with analysed action items', () => {
    const facts = deal({
      calls: [
        call('old', {
          startTime: daysAgo(9),
          actionItems: ['Sam Seller sends the quote by Monday'],
        }),
        call('analysed', { startTime: daysAgo(5), actionItems: ['Share the notes'] }),
        // Not analysed yet, and one still to happen: neither gives the step.
        call('running', { startTime: daysAgo(1), actionItems: null }),
        call('planned', { startTime: new Date(NOW.getTime() + DAY) }),
      ],
    });
    expect(dealNextStep(facts, NOW)).toEqual({
      text: 'Share the notes',
      agreed: false,
      meetingId: 'analysed',
      callAt: daysAgo(5).toISOString(),
    });
    // The warning reads the same step: that item names nobody and no time.
    const last = deal({ calls: [call('analysed', { actionItems: ['Share the notes'] })] });
    expect(kinds(last)).toContain('noNextStep');
    expect(dealNextStep(deal(), NOW)).toMatchObject({
      text: 'speaker_00 will send the proposal by Friday',
      agreed: true,
      meetingId: 'c2',
    });
    expect(kinds(deal())).not.toContain('noNextStep');
  });

  it('of a deal is empty when its last analysed call has no action items, or none is analysed', () => {
    const none = deal({ calls: [call('c', { actionItems: [] })] });
    expect(dealNextStep(none, NOW)).toEqual({
      text: null,
      agreed: false,
      meetingId: 'c',
      callAt: daysAgo(3).toISOString(),
    });
    expect(dealNextStep(deal({ calls: [call('c', { actionItems: null })] }), NOW)).toBeNull();
    expect(dealNextStep(deal({ calls: [] }), NOW)).toBeNull();
  });
});
