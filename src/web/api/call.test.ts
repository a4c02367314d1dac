import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './call.js';

describe('download file names', () => {
  it('prefers the UTF-8 name, which keeps spaces and &', () => {
    expect(fileNameFromDisposition(`attachment; filename="Attendance_pit___yard_11_2026.xlsx"; filename*=UTF-8''Attendance_pit%20%26%20yard_11_2026.xlsx`)).toBe(
      'Attendance_pit & yard_11_2026.xlsx',
    );
  });

  it('falls back to the plain name', () => {
    expect(fileNameFromDisposition('attachment; filename="Wages_mcc_11_2026.xlsx"')).toBe('Wages_mcc_11_2026.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
