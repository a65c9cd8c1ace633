import { describe, expect, it } from 'vitest';
import {
  amountRows,
  formatAmount,
  formatCloseDate,
  formatSignal,
  scoresByStage,
  teamGroups,
  trendOf,
  trendWords,
  validateContact,
  validateDeal,
  type DealValues,
  type Person,
} from './model';

describe('amounts', () => {
  it('writes an amount in its currency, cents only when there are some', () => {
    expect(formatAmount(12500, 'USD', 'en-US')).toBe('$12,500');
    expect(formatAmount(9800.5, 'EUR', 'en-US')).toBe('€9,800.50');
    expect(formatAmount(1000, 'GBP', 'en-GB')).toBe('£1,000');
  });

  it('writes a close date as the same calendar day wherever the reader is', () => {
    expect(formatCloseDate('2031-06-30')).toBe('Jun 30, 2031');
    expect(formatCloseDate(null)).toBe('—');
  });

  it('keeps a code the browser does not know after the number', () => {
    expect(formatAmount(1500, 'ZZZ1', 'en-US')).toBe('1,500 ZZZ1');
  });

  it('gives the chart one row per stage with deals, a total per currency, in stage order', () => {
    const { rows, currencies } = amountRows([
      { stage: 'negotiation_close_stage', currency: 'USD', totalAmount: 5000 },
      { stage: 'discovery_stage', currency: 'EUR', totalAmount: 900 },
      { stage: 'discovery_stage', currency: 'USD', totalAmount: 12000 },
    ]);
    expect(currencies).toEqual(['EUR', 'USD']);
    expect(rows).toEqual([
      { stage: 'discovery_stage', EUR: 900, USD: 12000 },
      { stage: 'negotiation_close_stage', EUR: 0, USD: 5000 },
    ]);
  });
});

const person = (id: string, name: string, salesManagerId: string | null = null): Person => ({
  id,
  name,
  email: `${id}@acme.example`,
  salesManagerId,
});

describe('the Teams view’s groups', () => {
  it('puts each manager first over the reps who report to them, by name', () => {
    const groups = teamGroups([
      person('r2', 'Zoe Rep', 'm1'),
      person('m1', 'Mona Manager'),
      person('r1', 'Adam Rep', 'm1'),
      person('m2', 'Bert Boss'),
      person('r3', 'Cleo Rep', 'm2'),
    ]);
    expect(groups.map((g) => [g.title, g.members.map((m) => m.name)])).toEqual([
      ['Bert Boss’s team', ['Bert Boss', 'Cleo Rep']],
      ['Mona Manager’s team', ['Mona Manager', 'Adam Rep', 'Zoe Rep']],
    ]);
    expect(groups[1]?.members.map((m) => m.isManager)).toEqual([true, false, false]);
  });

  it('lists those who report to nobody listed last, and never anyone twice', () => {
    const groups = teamGroups([
      person('m1', 'Mona Manager'),
      person('r1', 'Adam Rep', 'm1'),
      person('r2', 'Olga Orphan', 'gone'),
      person('u1', 'Pat Poc'),
    ]);
    expect(groups.map((g) => [g.title, g.members.map((m) => m.id)])).toEqual([
      ['Mona Manager’s team', ['m1', 'r1']],
      ['Not reporting to a manager', ['r2', 'u1']],
    ]);
  });

  it('is one team when nobody reports to anyone listed', () => {
    expect(teamGroups([person('a', 'Ann'), person('b', 'Ben')])).toEqual([
      expect.objectContaining({ title: 'Team', id: 'none' }),
    ]);
    expect(teamGroups([])).toEqual([]);
  });
});

const call = (id: string, day: number, score: number | null, stage = 'discovery_stage') => ({
  id,
  startTime: `2031-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  score,
  stage: stage as 'discovery_stage',
});

describe('a rep’s scores by stage and trend', () => {
  it('averages the scored calls of each stage, in stage order, keeping every call behind it', () => {
    const calls = [
      call('a', 1, 60, 'negotiation_close_stage'),
      call('b', 2, 71),
      call('c', 3, null),
      call('d', 4, 80),
      call('e', 5, 50, 'basic_meeting'),
    ];
    const byStage = scoresByStage(calls);
    expect(byStage.map((s) => [s.stage, s.value, s.calls.map((c) => c.id)])).toEqual([
      ['discovery_stage', 76, ['b', 'c', 'd']],
      ['negotiation_close_stage', 60, ['a']],
    ]);
    expect(scoresByStage([call('x', 1, null)])[0]?.value).toBeNull();
  });

  it('reads the scores oldest first and compares the later half with the earlier', () => {
    // Newest first, as the list answers.
    const t = trendOf([call('d', 4, 90), call('c', 3, null), call('b', 2, 70), call('a', 1, 50)]);
    expect(t.points).toEqual([50, 70, 90]);
    expect(t.delta).toBe(40);
    expect(t.direction).toBe('up');
    expect(trendWords(t)).toBe('Up 40 points over 3 scored calls');
  });

  it('calls small moves steady and says when there is too little for a trend', () => {
    const steady = trendOf([call('a', 1, 70), call('b', 2, 72)]);
    expect(steady.direction).toBe('flat');
    expect(trendWords(steady)).toBe('Steady over 2 scored calls');
    const down = trendOf([call('a', 1, 80), call('b', 2, 60)]);
    expect(trendWords(down)).toBe('Down 20 points over 2 scored calls');
    const none = trendOf([call('a', 1, 80), call('b', 2, null)]);
    expect(none).toEqual({ points: [80], delta: null, direction: null });
    expect(trendWords(none)).toBe('Not enough scored calls for a trend');
  });
});

describe('signals as people read them', () => {
  it('gives each signal its unit', () => {
    expect(formatSignal('talkRatio', 42.4)).toBe('42 %');
    expect(formatSignal('longestMonologueSec', 65)).toBe('1m 05s');
    expect(formatSignal('interactivity', 2.44)).toBe('2.4 / min');
    expect(formatSignal('speakingRate', 147.6)).toBe('148 wpm');
    expect(formatSignal('questions', 3)).toBe('3');
    expect(formatSignal('fillerWords', 4.25)).toBe('4.3');
    expect(formatSignal('questions', null)).toBe('—');
  });
});

describe('the deal form', () => {
  const values: DealValues = {
    name: ' Acme renewal ',
    accountId: '',
    stage: 'discovery_stage',
    amount: '12,500',
    currency: 'eur',
    closeDate: '2031-06-30',
    ownerId: '',
  };

  it('sends the deal with its amount as a number and blanks as none', () => {
    const r = validateDeal(values);
    expect(r).toEqual({
      ok: true,
      body: {
        name: 'Acme renewal',
        accountId: null,
        stage: 'discovery_stage',
        amount: 12500,
        currency: 'EUR',
        closeDate: '2031-06-30',
        ownerId: null,
      },
    });
  });

  it('says what is wrong field by field', () => {
    const r = validateDeal({ ...values, name: ' ', amount: '-5', currency: 'dollars' });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors).toEqual({
        name: 'Give the deal a name',
        amount: 'Enter an amount of 0 or more',
        currency: 'A three-letter currency code, e.g. USD',
      });
  });

  it('takes a contact by e-mail, lower-cased, the role optional', () => {
    expect(validateContact({ name: 'Bo', email: ' Bo@Buyer.Example ', role: '' })).toEqual({
      ok: true,
      body: { name: 'Bo', email: 'bo@buyer.example', role: null },
    });
    expect(validateContact({ name: 'Bo', email: 'nope', role: '' })).toEqual({
      ok: false,
      errors: { email: 'Enter a valid e-mail address' },
    });
  });
});
