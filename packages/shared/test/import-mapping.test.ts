import { describe, expect, it } from 'vitest';
import { sameImportMapping } from '../src';

describe('sameImportMapping (the dialog and the server: has a re-map changed anything?)', () => {
  it('ignores the order of the fields', () => {
    expect(sameImportMapping({ name: 'Name', town: 'Town' }, { town: 'Town', name: 'Name' })).toBe(true);
  });

  it('sees a field mapped to another column, added or left out', () => {
    expect(sameImportMapping({ name: 'Name' }, { name: 'Company' })).toBe(false);
    expect(sameImportMapping({ name: 'Name' }, { name: 'Name', town: 'Town' })).toBe(false);
    expect(sameImportMapping({ name: 'Name', town: 'Town' }, { name: 'Name' })).toBe(false);
    expect(sameImportMapping({ name: 'Name', town: 'Town' }, { name: 'Name', post_code: 'Town' })).toBe(
      false,
    );
  });
});
