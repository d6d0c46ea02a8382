import { satisfies, validRange } from '../src/state';

describe('satisfies', () => {
  test.each([
    ['19.3.1', '^19.3.1', true],
    ['19.4.0', '^19.3.1', true],
    ['19.3.0', '^19.3.1', false],
    ['20.0.0', '^19.3.1', false],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.9.0', '~1', true],
    ['7.1.2', '>=7.0.0 <8', true],
    ['8.0.0', '>=7.0.0 <8', false],
    ['8.0.0', '>= 7.0.0 < 8.0.0', false],
    ['1.5.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['1.2.7', '1.2', true],
    ['3.0.0', '*', true],
    ['3.0.0', '', true],
    ['2.5.0', '^1.0.0 || ^2.0.0', true],
    ['3.0.0', '^1.0.0 || ^2.0.0', false],
    ['1.5.0', '1.0.0 - 2.0.0', true],
    ['2.0.1', '1.0.0 - 2.0.0', false],
    ['2.3.9', '1.0 - 2.3', true],
    ['2.4.0', '1.0 - 2.3', false],
    ['1.2.3', '=1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.2.3', '>1.2.3', false],
    ['1.3.0', '>1.2', true],
    ['1.2.9', '>1.2', false],
    ['1.2.9', '<=1.2', true],
    ['1.3.0', '<=1.2', false],
    // pre-releases only match a range that names one of the same triple
    ['2.0.0-rc.1', '^1.0.0', false],
    ['2.0.0-rc.1', '^2.0.0', false],
    ['2.0.0-rc.2', '^2.0.0-rc.1', true],
    ['2.0.0', '^2.0.0-rc.1', true],
    ['2.0.0-rc.0', '^2.0.0-rc.1', false],
    ['19.3.1', 'v19.3.1', true],
  ])('%s satisfies "%s": %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  test('text that is not a range or a version throws (so it is reported, not taken as incompatible)', () => {
    expect(() => satisfies('1.0.0', 'workspace:*')).toThrow('not a version range');
    expect(() => satisfies('latest', '^1.0.0')).toThrow('not a version');
    expect(validRange('^1.2.3 || 2.x')).toBe(true);
    expect(validRange('workspace:^')).toBe(false);
  });
});
