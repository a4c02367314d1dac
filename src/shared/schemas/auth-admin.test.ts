import { describe, expect, it } from 'vitest';
import { firstMessage } from '../api/first-message.js';
import { DEFAULT_STAFFING_NORM } from '../duties.js';
import { LOGIN_FAILURE_WINDOW_MINUTES, NAME_MAX, OTP_DIGITS, OTP_TTL_MINUTES, PASSWORD_MAX, PASSWORD_MIN, STAFFING_NORM_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { accountsQuery, auditQuery, createAccountBody, stateBody, staffingNormBody, updateAccountBody } from './admin.js';
import { registerBody, verifyOtpBody } from './auth.js';
import { workParams } from './work-param.js';

const first = (result: { error?: { issues: { message?: string }[] } }) => firstMessage(result.error?.issues ?? []);
const person = { name: 'Asha', email: 'asha@example.com', password: 'long-enough', confirmPassword: 'long-enough' };

describe('registration payload (SPEC §3)', () => {
  it('reads numbers and digit texts as SPEC clients send them', () => {
    const parsed = registerBody.parse({ ...person, phone: 9876543210, aadhar: 123456789012, role: '1', work: ' MCC ', esino: 12345, designation: 'manager' });
    expect(parsed).toMatchObject({ phone: '9876543210', aadhar: '123456789012', role: 1, work: 'mcc', esino: '12345', designation: 'manager' });
    expect(registerBody.parse({ ...person, phone: null, work: '', acnumber: '' })).toMatchObject({ phone: '', work: null, acnumber: undefined });
  });

  it('answers the required message first, then the formats', () => {
    expect(first(registerBody.safeParse({ ...person, name: '', phone: '123' }))).toBe(MSG.fillAllFields);
    expect(first(registerBody.safeParse({ ...person, phone: 98765 }))).toBe(MSG.phoneDigits);
    expect(first(registerBody.safeParse({ ...person, role: 3 }))).toBe(MSG.roleInvalid);
    expect(first(registerBody.safeParse({ ...person, work: 42 }))).toBe(MSG.workInvalid);
    expect(first(registerBody.safeParse({ ...person, status: 'Retired' }))).toBe(MSG.statusInvalid);
    expect(first(registerBody.safeParse({ ...person, bank: 5 }))).toBe(MSG.notText('Bank'));
  });

  it('reads a numeric reset code with its leading zeros', () => {
    expect(verifyOtpBody.parse({ email: 'a@b.co', otp: 12345 }).otp).toBe('012345');
    expect(first(verifyOtpBody.safeParse({ email: 'a@b.co', otp: '' }))).toBe(MSG.otpRequired);
    expect(first(verifyOtpBody.safeParse({ email: 'a@b.co' }))).toBe(MSG.otpRequired);
  });
});

describe('admin bodies and queries', () => {
  it('creates and changes accounts with roles and work types checked', () => {
    expect(createAccountBody.parse({ ...person, phone: '', role: 2, work: 'Laundry' })).toMatchObject({ phone: null, role: 2, work: 'laundry' });
    expect(first(createAccountBody.safeParse({ ...person, role: '' }))).toBe(MSG.roleInvalid);
    expect(first(createAccountBody.safeParse({ ...person, role: 1, phone: '12' }))).toBe(MSG.phoneDigits);
    // undefined leaves the work type as it is, '' or null clears it
    expect(updateAccountBody.parse({ disabled: true })).toEqual({ disabled: true });
    expect(updateAccountBody.parse({ work: '' })).toEqual({ work: null });
    expect(first(updateAccountBody.safeParse({ disabled: 'yes' }))).toBe(MSG.disabledInvalid);
  });

  it('checks a staffing norm with messages that state its limits', () => {
    expect(staffingNormBody.parse({ perCoach: '0.75' }).perCoach).toBe(0.75);
    expect(first(staffingNormBody.safeParse({ perCoach: 0 }))).toBe(MSG.staffingNormPositive);
    expect(first(staffingNormBody.safeParse({ perCoach: String(STAFFING_NORM_MAX + 1) }))).toBe(MSG.staffingNormTooHigh(STAFFING_NORM_MAX));
    expect(first(staffingNormBody.safeParse({}))).toBe(MSG.staffingNormRequired(DEFAULT_STAFFING_NORM));
    expect(MSG.staffingNormTooHigh(STAFFING_NORM_MAX)).toContain(String(STAFFING_NORM_MAX));
  });

  it('names a missing state, and reads paging numbers from a query string', () => {
    expect(first(stateBody.safeParse({}))).toBe(MSG.stateNameRequired);
    expect(accountsQuery.parse({ limit: '20', role: '0' })).toMatchObject({ limit: 20, role: 0, offset: 0 });
    expect(auditQuery.safeParse({ cursor: 'abc' }).error?.issues[0]?.message).toBe(MSG.cursorInvalid);
  });

  it('reads a {work} path parameter in any letter case', () => {
    expect(workParams.parse({ work: 'PIT & YARD' }).work).toBe('pit & yard');
    expect(first(workParams.safeParse({ work: 'kitchen' }))).toBe(MSG.workInvalid);
  });
});

describe('messages state the limits they name', () => {
  it('derives each number from src/shared/limits.ts', () => {
    expect(MSG.passwordTooShort).toContain(String(PASSWORD_MIN));
    expect(MSG.passwordTooLong).toContain(String(PASSWORD_MAX));
    expect(MSG.nameTooLong).toContain(String(NAME_MAX));
    expect(MSG.otpSent).toContain(`${OTP_DIGITS}-digit`);
    expect(MSG.otpSent).toContain(`${OTP_TTL_MINUTES} minutes`);
    expect(MSG.tooManyLogins).toContain(`${LOGIN_FAILURE_WINDOW_MINUTES} minutes`);
  });
});
