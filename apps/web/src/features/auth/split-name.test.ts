import { describe, expect, it } from 'vitest';
import { splitName } from './split-name';

describe('splitName (spec 1 §5)', () => {
  it('splits on the first space', () => {
    expect(splitName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Mary Ann Smith')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
  });

  it('leaves lastName empty without a space', () => {
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(splitName('  Ada   Lovelace  ')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});
