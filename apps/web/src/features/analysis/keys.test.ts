import { describe, expect, it } from 'vitest';
import { insightKeys } from '../insights';
import { testQueryClient } from '../../test/render';
import { analysisKeys } from './api';

describe('analysis query keys', () => {
  // insights writes its key out (it cannot import analysis, which reads its events).
  it('a refreshed analysis refreshes the meeting’s insights too', async () => {
    const client = testQueryClient();
    client.setQueryData(insightKeys.meeting('m1'), { data: [] });
    client.setQueryData(insightKeys.meeting('m2'), { data: [] });
    await client.invalidateQueries({ queryKey: analysisKeys.all('m1') });
    expect(client.getQueryState(insightKeys.meeting('m1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(insightKeys.meeting('m2'))?.isInvalidated).toBe(false);
  });
});
