import { i18next } from './i18n.js';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format.js';
import { formatCreatedAt, formatTimestamp } from '../features/duties/duty-display.js';

/** 2026-03-04 22:35 UTC is already 5 March in India (UTC+05:30): 04:05 in the morning. */
const LATE_EVENING_UTC = '2026-03-04T22:35:00.000Z';

describe('numbers and dates in the reader’s language', () => {
  it('groups digits the Indian way (12,34,567) in every language, with Western digits', () => {
    for (const language of ['en', 'hi', 'ml'] as const) {
      i18next.changeLanguage(language);
      expect(formatNumber(1234567)).toBe('12,34,567');
      expect(formatNumber(999)).toBe('999');
    }
    i18next.changeLanguage('en');
  });

  it('shows a UTC instant as the day and time in the company’s time zone', () => {
    expect(formatDate(LATE_EVENING_UTC, 'Asia/Kolkata', undefined, 'en')).toBe('05/03/2026');
    expect(formatDate(LATE_EVENING_UTC, 'Asia/Kolkata', undefined, 'hi')).toBe('05/03/2026');
    expect(formatDate(LATE_EVENING_UTC, 'Asia/Kolkata', undefined, 'ml')).toBe('05/03/2026');
    // the same instant is still 4 March where the clock is UTC
    expect(formatDate(LATE_EVENING_UTC, 'UTC', undefined, 'en')).toBe('04/03/2026');
    expect(formatDateTime(LATE_EVENING_UTC, 'Asia/Kolkata', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'hi')).toBe('04:05');
  });

  it('shows a duty at 5:35 pm in India as 5:35 pm on a phone set to UTC (issue 15)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      // the phone's own clock reads 12:05 for this instant
      const instant = '2026-11-23T12:05:00.000Z';
      expect(new Date(instant).getHours()).toBe(12);
      expect(formatDateTime(instant, 'Asia/Kolkata', undefined, 'en')).toBe('23/11/2026, 5:35 pm');
      expect(formatCreatedAt(instant, 'Asia/Kolkata')).toBe('23/11/2026, 05:35 pm');
      expect(formatTimestamp(instant, 'Asia/Kolkata')).toBe('23/11/2026, 17:35:00');
      expect(formatDate('2026-11-23T19:00:00.000Z', 'Asia/Kolkata', undefined, 'en')).toBe('24/11/2026');
    } finally {
      process.env.TZ = zone;
    }
  });
});
