import { describe, expect, it } from 'vitest';
import { homePathForRole, isRole, roleFromName } from './roles.js';
import { loginBody, registerBody, verifyOtpBody } from './schemas/auth.js';
import { MSG } from './messages.js';
import { toWorkType, WORK_TYPES } from './work-types.js';

describe('roles', () => {
  it('lands each role on its dashboard and refuses other values', () => {
    expect(homePathForRole(1)).toBe('/dashboard/manager');
    expect(homePathForRole(0)).toBe('/dashboard/user');
    expect(homePathForRole(2)).toBe('/dashboard/admin');
    for (const value of [3, -1, '1', null, undefined, 1.5]) expect(homePathForRole(value)).toBeNull();
  });

  it('reads role names from the command line', () => {
    expect(roleFromName('Manager')).toBe(1);
    expect(roleFromName(' supervisor ')).toBe(0);
    expect(roleFromName('admin')).toBe(2);
    expect(roleFromName('owner')).toBeNull();
    expect(isRole(2)).toBe(true);
    expect(isRole(5)).toBe(false);
  });
});

describe('work types', () => {
  it('lists the six categories of SPEC §1 and normalises case', () => {
    expect(WORK_TYPES).toEqual(['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard']);
    expect(toWorkType(' Pit & Yard ')).toBe('pit & yard');
    expect(toWorkType('MCC')).toBe('mcc');
    expect(toWorkType('kitchen')).toBeNull();
  });
});

describe('form schemas', () => {
  it('lower-cases and trims e-mails, keeps passwords as typed', () => {
    expect(loginBody.parse({ email: ' Asha@Example.COM ', password: ' pass ' })).toEqual({ email: 'asha@example.com', password: ' pass ' });
  });

  it('accepts a numeric OTP and refuses one of the wrong length', () => {
    expect(verifyOtpBody.parse({ email: 'a@b.co', otp: 123456 }).otp).toBe('123456');
    expect(verifyOtpBody.safeParse({ email: 'a@b.co', otp: '12345' }).error?.issues[0]?.message).toBe(MSG.invalidOtp);
  });

  it('keeps phone and Aadhaar as text so leading zeros survive', () => {
    const parsed = registerBody.parse({
      name: 'A',
      email: 'a@b.co',
      phone: '0123456789',
      aadhar: '012345678901',
      password: 'long-enough',
      confirmPassword: 'long-enough',
    });
    expect(parsed.phone).toBe('0123456789');
    expect(parsed.aadhar).toBe('012345678901');
    expect(parsed.work).toBeNull();
  });
});
