import { afterEach, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '../../i18n/i18n.js';
// the English of the screens after sign-in, which the screens that use this module have loaded
import '../../i18n/english.js';
import { actionLabel, areaLabel, auditTrainNo, detailDateTime, diffRows, displayValue, fieldLabel, fieldValue, roleLabel, staffStatusLabel } from './admin-display.js';

const t = i18next.t;

afterEach(async () => {
  await setLanguage('en');
});

describe('diffRows', () => {
  it('marks only the keys whose values changed', () => {
    const rows = diffRows({ name: 'Asha', role: 1, disabled: false }, { name: 'Asha', role: 1, disabled: true });
    expect(rows).toEqual([
      { key: 'name', before: 'Asha', after: 'Asha', changed: false },
      { key: 'role', before: 1, after: 1, changed: false },
      { key: 'disabled', before: false, after: true, changed: true },
    ]);
  });

  it('treats every key of a created or removed record as changed', () => {
    expect(diffRows(null, { name: 'Goa' })).toEqual([{ key: 'name', before: undefined, after: 'Goa', changed: true }]);
    expect(diffRows({ name: 'Goa' }, null)).toEqual([{ key: 'name', before: 'Goa', after: undefined, changed: true }]);
  });

  it('compares nested values by content', () => {
    const rows = diffRows({ counters: { workers: 120 } }, { counters: { workers: 120 } });
    expect(rows[0]?.changed).toBe(false);
  });
});

describe('displayValue', () => {
  it('shows null as a dash and objects as JSON', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(undefined)).toBe('');
  });
});

describe('roleLabel', () => {
  it('names the three roles', () => {
    expect([0, 1, 2].map((role) => roleLabel(role, t))).toEqual(['Supervisor', 'Manager', 'Admin']);
  });

  it("names them in the reader's language", async () => {
    await setLanguage('hi');
    expect([0, 1, 2].map((role) => roleLabel(role, t))).toEqual(['सुपरवाइज़र', 'मैनेजर', 'एडमिन']);
    await setLanguage('ml');
    expect(roleLabel(1, t)).toBe('മാനേജർ');
  });
});

describe("the audit trail's words", () => {
  it('are the recorded English in English, and translated otherwise', async () => {
    expect(actionLabel('duty.create', t)).toBe('Duty added');
    expect(actionLabel('account.end-sessions', t)).toBe('Sessions ended');
    expect(areaLabel('staffing-norm', t)).toBe('staffing-norm');
    expect(staffStatusLabel('On Leave', t)).toBe('On Leave');
    await setLanguage('hi');
    expect(actionLabel('duty.create', t)).toBe('ड्यूटी जोड़ी गई');
    expect(areaLabel('staffing-norm', t)).toBe('स्टाफ मानक');
    expect(staffStatusLabel('On Leave', t)).toBe('छुट्टी पर');
  });

  it('name the bill from the duties and the contract terms (issue 27)', async () => {
    await setLanguage('en');
    expect(actionLabel('bill.from-duties', t)).toBe('Bill made from the duties');
    expect(actionLabel('bill-penalty.add', t)).toBe('Penalty added to a bill');
    expect(actionLabel('contract-terms.update', t)).toBe('Contract terms saved');
    expect(fieldLabel('penaltyPerMissingWorker', t)).toBe('Penalty per missing worker');
    expect(fieldLabel('reason', t)).toBe('Reason');
    await setLanguage('ml');
    expect(actionLabel('bill.from-duties', t)).toBe('ഡ്യൂട്ടികളിൽ നിന്ന് ബിൽ തയ്യാറാക്കി');
    expect(areaLabel('contract-terms', t)).toBe('കരാർ വ്യവസ്ഥകൾ');
    await setLanguage('en');
  });

  it('show an action or area recorded later as it was recorded', () => {
    expect(actionLabel('duty.archive', t)).toBe('duty.archive');
    expect(areaLabel('payroll', t)).toBe('payroll');
  });
});

describe('detailDateTime', () => {
  it("tells the moment in the company's time zone, as SPEC's en-GB detail timestamps read", () => {
    expect(detailDateTime('2025-03-05T08:37:09Z', 'Asia/Kolkata')).toBe('05/03/2025, 14:07:09');
    expect(detailDateTime('2025-03-05T20:00:00Z', 'Asia/Kolkata')).toBe('06/03/2025, 01:30:00');
    expect(detailDateTime(null, 'Asia/Kolkata')).toBe('—');
  });
});

describe('the audit trail in words (issue 15)', () => {
  it('names recorded fields by their labels in the reader’s language, unknown ones as recorded', async () => {
    expect(fieldLabel('trainno', t)).toBe('Train No');
    expect(fieldLabel('totalcoach', t)).toBe('Total Coaches');
    expect(fieldLabel('billvalue', t)).toBe('Bill Value');
    expect(fieldLabel('_id', t)).toBe('Record ID');
    expect(fieldLabel('pfMember', t)).toBe('PF member');
    expect(fieldLabel('onLeaveFrom', t)).toBe('On leave from');
    expect(fieldLabel('somethingNew', t)).toBe('somethingNew');
    expect(fieldLabel('constructor', t)).toBe('constructor');
    await setLanguage('hi');
    expect(fieldLabel('trainno', t)).toBe('ट्रेन नंबर');
    await setLanguage('ml');
    expect(fieldLabel('reqq', t)).toBe('ആവശ്യമായ ജീവനക്കാർ');
  });

  it('shows recorded instants as India’s wall time on a device set to UTC', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      // a duty completed at 5:35 pm in India is 12:05 UTC
      expect(fieldValue('completedAt', '2026-11-23T12:05:09.000Z', t, 'Asia/Kolkata')).toBe('23/11/2026, 17:35:09');
      expect(fieldValue('createdAt', '2026-11-23T20:00:00.000Z', t, 'Asia/Kolkata')).toBe('24/11/2026, 01:30:00');
      // other values as recorded; a role by its name
      expect(fieldValue('trainno', '2026-11-23T12:05:09.000Z', t, 'Asia/Kolkata')).toBe('2026-11-23T12:05:09.000Z');
      expect(fieldValue('completedAt', null, t, 'Asia/Kolkata')).toBe('—');
      expect(fieldValue('role', 1, t, 'Asia/Kolkata')).toBe(roleLabel(1, t));
      // a crew the page has no names for: its ids, as recorded
      expect(fieldValue('workers', ['a', 'b'], t, 'Asia/Kolkata')).toBe('a, b');
    } finally {
      process.env.TZ = zone;
    }
  });

  it("shows a crew and a supervisor by name, and codes (statuses, types, yes or no) in the reader's language (issue 28)", async () => {
    const names = new Map([
      ['staff-1', 'Ravi Kumar'],
      ['staff-2', 'Asha Nair'],
      ['account-1', 'Sunil'],
    ]);
    const value = (field: string, recorded: unknown) => fieldValue(field, recorded, t, 'Asia/Kolkata', names);
    expect(value('workers', ['staff-1', 'staff-2', 'staff-9'])).toBe('Ravi Kumar, Asha Nair, staff-9');
    expect(value('workers', [])).toBe('—');
    expect(value('supervisor', 'account-1')).toBe('Sunil');
    expect([value('status', 'processing'), value('status', 'On Leave'), value('status', 'Bill Passed'), value('type', 'Secondary'), value('disabled', true)]).toEqual([
      'Processing',
      'On Leave',
      'Bill Passed',
      'Secondary',
      'Yes',
    ]);
    await setLanguage('hi');
    expect(value('workers', ['staff-1', 'staff-2'])).toBe('Ravi Kumar, Asha Nair');
    expect([value('status', 'processing'), value('status', 'On Leave'), value('status', 'Bill Passed'), value('type', 'Secondary'), value('disabled', true)]).toEqual([
      'जारी',
      'छुट्टी पर',
      'बिल पास हुआ',
      'द्वितीयक',
      'हाँ',
    ]);
    await setLanguage('ml');
    expect([value('designation', 'Cleaning Staff'), value('gender', 'F'), value('skill', 'semi-skilled'), value('language', 'ml'), value('unit', 'tank'), value('liveDuty', false)]).toEqual([
      i18next.t('staff.designations.cleaningStaff'),
      i18next.t('staff.payroll.genders.F'),
      i18next.t('staff.payroll.skills.semiSkilled'),
      i18next.t('staff.payroll.languages.ml'),
      i18next.t('admin.contractTerms.units.tank'),
      'ഇല്ല',
    ]);
    // a train number or a work type stays as recorded
    expect([value('trainno', '12625'), value('work', 'mcc')]).toEqual(['12625', 'mcc']);
  });

  it('names a duty by its train number: the server’s, else the one recorded', () => {
    expect(auditTrainNo({ trainNo: '12625', before: null, after: { trainno: '1' } })).toBe('12625');
    expect(auditTrainNo({ before: { trainno: '16302' }, after: null })).toBe('16302');
    expect(auditTrainNo({ trainNo: null, before: null, after: { trainno: null } })).toBeNull();
  });
});
