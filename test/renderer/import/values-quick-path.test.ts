import { describe, expect, it } from 'vitest';
import { dateOrderEvidence, normalizeBool, normalizeDate, normalizeSex } from '../../../renderer/import/values';

// The check reads year-first dates and plain ASCII words by a quicker path (no split, no Unicode folding):
// these are the answers the full path gave, on the edges of the quick one.
describe('cell values read by the quick path answer as before', () => {
  it.each([
    ['2024-04-03', 'dmy', { value: '2024-04-03' }],
    [' 2024-04-03 ', 'mdy', { value: '2024-04-03' }],
    ['2024/4/3', 'dmy', { value: '2024-04-03' }],
    ['2024.04.03', 'dmy', { value: '2024-04-03' }],
    ['2024-04-03 19:30', 'dmy', { value: '2024-04-03' }],
    ['2024-04-03T19:30:00Z', 'dmy', { value: '2024-04-03' }],
    ['2024-02-30', 'dmy', { problem: '"2024-02-30" is not a real date.' }],
    ['2024-13-01', 'dmy', { problem: '"2024-13-01" is not a real date.' }],
    ['2024-04-0312', 'dmy', { problem: '"2024-04-0312" is not a real date.' }],
    ['0024-04-03', 'dmy', { value: '0024-04-03' }],
    ['20240-04-03', 'dmy', { problem: '"20240-04-03" is not a date we can read; write it as yyyy-mm-dd.' }],
    ['03/04/2024', 'dmy', { value: '2024-04-03' }],
    ['03/04/2024', 'mdy', { value: '2024-03-04' }],
    ['3.4.24', 'dmy', { value: '2024-04-03' }],
    ['0/0/00', 'dmy', { value: '' }],
    ['00/00/0000', 'dmy', { value: '' }],
    [
      '--04-03',
      'dmy',
      { value: '', note: '"--04-03" has no year, and the service keeps only full dates: it is left out.' },
    ],
    ['3/4', 'dmy', { value: '', note: '"3/4" has no year, and the service keeps only full dates: it is left out.' }],
    ['3 April 2024', 'dmy', { value: '2024-04-03' }],
    ['April 3, 2024', 'mdy', { value: '2024-04-03' }],
    ['3 avr. 2024', 'dmy', { value: '2024-04-03' }],
    ['soon', 'dmy', { problem: '"soon" is not a date we can read; write it as yyyy-mm-dd.' }],
  ] as const)('normalizeDate(%j, %s)', (text, order, outcome) => {
    expect(normalizeDate(text, order)).toEqual(outcome);
  });

  it.each([
    [['2024-04-03', '1999-12-31', ''], 'none'],
    [['2024-04-03', '13/04/2024'], 'dmy'],
    [['04/13/2024 10:00', '2024-04-03'], 'mdy'],
    [['03/04/2024', '2024-04-03T10:00'], 'ambiguous'],
    [['13/04/2024', '04/13/2024'], 'ambiguous'],
    [['2024/13/01'], 'none'],
    [['', ' ', 'x'], 'none'],
  ] as const)('dateOrderEvidence(%j) is %s', (values, evidence) => {
    expect(dateOrderEvidence(values)).toBe(evidence);
  });

  it.each([
    ['female', { value: 'f' }],
    [' Female ', { value: 'f' }],
    ['MME', { value: 'f' }],
    ['Mrs.', { value: 'f' }],
    ['Féminin', { value: 'f' }],
    ['HOMME', { value: 'm' }],
    ['Non spécifié', { value: '' }],
    ['N/A', { value: '' }],
    ['', { value: '' }],
    [
      'other',
      { problem: '"other" is not a sex the service keeps (it keeps only m or f); leave it blank or write m or f.' },
    ],
  ] as const)('normalizeSex(%j)', (text, outcome) => {
    expect(normalizeSex(text)).toEqual(outcome);
  });

  it.each([
    ['Oui', { value: 'true' }],
    ['VRAI', { value: 'true' }],
    [' y ', { value: 'true' }],
    ['Non', { value: 'false' }],
    ['0', { value: 'false' }],
    ['peut-être', { problem: '"peut-être" is not yes or no.' }],
  ] as const)('normalizeBool(%j)', (text, outcome) => {
    expect(normalizeBool(text)).toEqual(outcome);
  });
});
