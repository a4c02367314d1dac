import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstMessage } from '../api/first-message.js';
import { MSG } from '../messages.js';
import { supervisorStaffBody, workerCreateBody, workerUpdateBody, workersQuery } from './staff.js';

/** The staff schemas the forms and the routes share: SPEC §5's first message, and a true API document. */

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lakshmi Devi',
  phone: '0987654321',
  aadhar: '123456789012',
  work: 'mcc',
  ...overrides,
});

function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : firstMessage(parsed.error.issues);
}

describe('worker schemas', () => {
  it('give the required message before any other, in SPEC §5 order', () => {
    expect(messageOf(workerCreateBody, form({ name: '', phone: '123' }))).toBe(MSG.fillAllRequired);
    expect(messageOf(workerCreateBody, form({ phone: '123', work: undefined }))).toBe(MSG.fillAllRequired);
    expect(messageOf(workerCreateBody, form({ aadhar: null }))).toBe(MSG.fillAllRequired);
    expect(messageOf(workerCreateBody, form({ phone: '123', aadhar: '1' }))).toBe(MSG.phoneDigits);
    expect(messageOf(workerCreateBody, form({ aadhar: '1' }))).toBe(MSG.aadharDigits);
    expect(messageOf(workerUpdateBody, form({ aadhar: '1', empid: 'E1' }))).toBe(MSG.aadharDigitsEdit);
    expect(messageOf(workerUpdateBody, form({ empid: ' ' }))).toBe(MSG.fillAllRequired);
    expect(messageOf(supervisorStaffBody, form({ phone: '12345', work: null }))).toBe(MSG.fillAllFields);
  });

  it('read phone and Aadhaar numbers sent as numbers, and blanks as "not given"', () => {
    const parsed = workerCreateBody.parse(form({ phone: 9876543210, aadhar: 123456789012, wage: 650.5, acnumber: 12345, bank: null, ifsccode: '', empid: '', designation: 'cleaning staff', status: null }));
    expect(parsed).toMatchObject({ phone: '9876543210', aadhar: '123456789012', wage: '650.50', acnumber: '12345', bank: null, ifsccode: null, empid: null, designation: 'Cleaning Staff', status: 'Active' });
    expect(workerCreateBody.parse(form({ wage: '1,20,000', work: ' Pit & Yard ', ifsccode: 'sbin0000001' }))).toMatchObject({ wage: '120000.00', work: 'pit & yard', ifsccode: 'SBIN0000001' });
    // a number of the wrong length is a wrong number, not a missing one
    expect(messageOf(workerCreateBody, form({ phone: 98765 }))).toBe(MSG.phoneDigits);
    expect(messageOf(workerCreateBody, form({ phone: 98765.5 }))).toBe(MSG.phoneDigits);
  });

  it('refuse unknown choices and malformed values with their messages', () => {
    expect(messageOf(workerCreateBody, form({ work: 'kitchen' }))).toBe(MSG.workInvalid);
    expect(messageOf(workerCreateBody, form({ work: 'k'.repeat(80) }))).toBe(MSG.workInvalid);
    expect(messageOf(workerCreateBody, form({ designation: 'Boss' }))).toBe(MSG.designationInvalid);
    expect(messageOf(workerCreateBody, form({ status: 'Fired' }))).toBe(MSG.statusInvalid);
    expect(messageOf(workerCreateBody, form({ wage: '650.555' }))).toBe(MSG.wageInvalid);
    expect(messageOf(workerCreateBody, form({ wage: -1 }))).toBe(MSG.wageInvalid);
    expect(messageOf(workerCreateBody, form({ ifsccode: 'SBIN000' }))).toBe(MSG.ifscInvalidAdd);
    expect(messageOf(workerUpdateBody, form({ empid: 'E1', ifsccode: 'SBIN000' }))).toBe(MSG.ifscInvalidEdit);
    expect(messageOf(workerCreateBody, form({ bank: 'x'.repeat(201) }))).toBe(MSG.tooLong('Bank', 200));
    expect(messageOf(workerCreateBody, form({ name: 'Lak\u0000shmi' }))).toBe(MSG.invalidCharacters('Name'));
  });

  it('state their rules in the API document (the input side)', () => {
    const doc = z.toJSONSchema(workerCreateBody, { io: 'input', unrepresentable: 'any' }) as {
      required: string[];
      properties: Record<string, { anyOf?: { pattern?: string; enum?: string[]; type?: string }[]; pattern?: string; maxLength?: number }>;
    };
    expect(doc.required.sort()).toEqual(['aadhar', 'name', 'phone', 'work']);
    expect(doc.properties.phone!.anyOf!.map((option) => option.type)).toEqual(['string', 'integer']);
    expect(doc.properties.phone!.anyOf![0]!.pattern).toBe('^\\d{10}$');
    expect(doc.properties.aadhar!.anyOf![0]!.pattern).toBe('^\\d{12}$');
    expect(doc.properties.work!.anyOf![0]!.enum).toEqual(['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard']);
    expect(doc.properties.designation!.anyOf![0]!.enum).toEqual(['Manager', 'Supervisor', 'Cleaning Staff']);
    expect(doc.properties.status!.anyOf![0]!.enum).toEqual(['Active', 'On Leave', 'Resigned']);
    expect(doc.properties.ifsccode!.anyOf![0]!.pattern).toContain('[A-Za-z]{4}0');
    expect(doc.properties.name!.maxLength).toBe(100);
    const update = z.toJSONSchema(workerUpdateBody, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { minLength?: number }> };
    expect(update.properties.empid!.minLength).toBe(1);
  });

  it('read the payroll fields (issue 26): left out stays undefined, blanks clear, words and yes/no as people write them', () => {
    const absent = workerUpdateBody.parse(form({ empid: 'E1' }));
    for (const key of ['dob', 'gender', 'guardianName', 'joined', 'skill', 'language', 'pfMember', 'esiMember'] as const) expect(absent[key], key).toBeUndefined();
    expect(workerCreateBody.parse(form({ dob: '', gender: null, guardianName: '  ', joined: null, skill: '', language: null, pfMember: '', esiMember: null }))).toMatchObject({
      dob: null,
      gender: null,
      guardianName: null,
      joined: null,
      skill: null,
      language: null,
      pfMember: undefined,
      esiMember: undefined,
    });
    expect(workerCreateBody.parse(form({ dob: ' 1988-04-12 ', gender: 'female', skill: 'Highly_Skilled', language: 'ML', pfMember: 'Yes', esiMember: 0 }))).toMatchObject({
      dob: '1988-04-12',
      gender: 'F',
      skill: 'highly-skilled',
      language: 'ml',
      pfMember: true,
      esiMember: false,
    });
    for (const [value, expected] of [[true, true], ['false', false], ['N', false], ['y', true], [1, true], ['0', false]] as const) {
      expect(workerCreateBody.parse(form({ pfMember: value })).pfMember, String(value)).toBe(expected);
    }
    expect(messageOf(workerCreateBody, form({ dob: '2026-02-30' }))).toBe(MSG.dayInvalid(MSG.payrollFields.dob));
    expect(messageOf(workerCreateBody, form({ dob: '1899-12-31' }))).toBe(MSG.dobTooEarly);
    expect(messageOf(workerCreateBody, form({ dob: '9999-12-31' }))).toBe(MSG.dobInFuture);
    expect(messageOf(workerCreateBody, form({ joined: '2030-01-01' }))).toBeUndefined();
    expect(messageOf(workerCreateBody, form({ gender: 'Q' }))).toBe(MSG.genderInvalid);
    expect(messageOf(workerCreateBody, form({ pfMember: 'perhaps' }))).toBe(MSG.yesNoInvalid(MSG.payrollFields.pfMember));
    expect(MSG.genderInvalid).toBe('Gender must be M, F or T');
    expect(MSG.skillInvalid).toBe('Skill category must be unskilled, semi-skilled, skilled or highly-skilled');
  });

  it('read the list filters the same way as every ?work= filter', () => {
    expect(workersQuery.parse({ work: 'MCC' })).toMatchObject({ work: 'mcc', limit: 1000, offset: 0 });
    expect(workersQuery.parse({ work: '' }).work).toBeUndefined();
    expect(workersQuery.safeParse({ work: 'kitchen' }).error?.issues[0]?.message).toBe(MSG.workInvalid);
    expect(workersQuery.safeParse({ status: 'Gone' }).error?.issues[0]?.message).toBe(MSG.statusInvalid);
  });
});
