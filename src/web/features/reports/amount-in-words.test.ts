import { describe, expect, it } from 'vitest';
import { rupeesInWords, wholeInWords } from './amount-in-words.js';

describe('amounts in words (the Indian system)', () => {
  it('names whole numbers by ones, hundreds, thousands, lakhs and crores', () => {
    expect(wholeInWords(0)).toBe('Zero');
    expect(wholeInWords(7)).toBe('Seven');
    expect(wholeInWords(19)).toBe('Nineteen');
    expect(wholeInWords(40)).toBe('Forty');
    expect(wholeInWords(99)).toBe('Ninety-Nine');
    expect(wholeInWords(100)).toBe('One Hundred');
    expect(wholeInWords(1005)).toBe('One Thousand Five');
    expect(wholeInWords(100_000)).toBe('One Lakh');
    expect(wholeInWords(1_234_567)).toBe('Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven');
    expect(wholeInWords(10_000_000)).toBe('One Crore');
    expect(wholeInWords(9_999_999_999)).toBe('Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine');
    expect(() => wholeInWords(1.5)).toThrow(RangeError);
  });

  it('writes rupees and paise as a bill does', () => {
    expect(rupeesInWords(123456.5)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(0.01)).toBe('Rupees Zero and One Paise Only');
    expect(rupeesInWords(2500)).toBe('Rupees Two Thousand Five Hundred Only');
    // 0.1 + 0.2 style floating error is rounded to whole paise first
    expect(rupeesInWords(0.1 + 0.2)).toBe('Rupees Zero and Thirty Paise Only');
    expect(rupeesInWords(-150)).toBe('Minus Rupees One Hundred Fifty Only');
  });
});
