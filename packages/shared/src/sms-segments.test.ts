import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments.js';

describe('smsSegments', () => {
  it('counts nothing for an empty text', () => {
    expect(smsSegments('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0, remaining: 160 });
  });
  it('fits 160 GSM-7 characters in one message and splits the 161st into two parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, remaining: 0 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 145 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });
  it('counts characters of the GSM-7 extension table twice', () => {
    expect(smsSegments('€{}')).toMatchObject({ encoding: 'GSM-7', units: 6 });
    expect(smsSegments('['.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments('['.repeat(81))).toMatchObject({ units: 162, segments: 2 });
  });
  it('switches Chinese text to UCS-2: 70 in one message, 67 per part', () => {
    expect(smsSegments('您好'.repeat(35))).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('您好'.repeat(35) + '。')).toMatchObject({ segments: 2, perSegment: 67, remaining: 63 });
  });
  it('switches a whole Latin text to UCS-2 for one character outside GSM-7, and counts an emoji as two units', () => {
    expect(smsSegments('Hello ✓')).toMatchObject({ encoding: 'UCS-2', units: 7 });
    expect(smsSegments('Hi 😀')).toMatchObject({ encoding: 'UCS-2', units: 5 });
  });
});
