import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
// the English of the screens after sign-in, which the screens that use this module have loaded
import '../../i18n/english.js';
import {
  addressRange,
  bedsheetColor,
  COMPLETED_TABS,
  formatDay,
  LIVE_TABS,
  manpowerColor,
  signed,
  suggestWorkers,
  supervisorLabel,
  tabsFor,
} from './duty-display.js';

describe('duty display rules', () => {
  it('orders the tabs as SPEC §2 lists them and keeps only a known own work type', () => {
    expect(LIVE_TABS.map((tab) => tab.label)).toEqual(['MCC', 'ACCA', 'BIO', 'PFTR', 'Laundry', 'Pit & Yard']);
    expect(COMPLETED_TABS.map((tab) => tab.work)).toEqual(['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard']);
    expect(tabsFor(LIVE_TABS, 'acca').map((tab) => tab.label)).toEqual(['ACCA']);
    expect(tabsFor(LIVE_TABS, null)).toHaveLength(6);
  });

  it('colours manpower short red and excess green, bedsheets the other way round', () => {
    expect(manpowerColor(-1)).toBe('red.8');
    expect(manpowerColor(2)).toBe('green.8');
    expect(manpowerColor(0)).toBeUndefined();
    expect(bedsheetColor(3)).toBe('red.8');
    expect(bedsheetColor(-2)).toBe('green.8');
    expect(bedsheetColor(0)).toBeUndefined();
    expect([signed(2), signed(-1), signed(0)]).toEqual(['+2', '-1', '0']);
  });

  it('names the supervisor, Unknown or Not Assigned', () => {
    expect(supervisorLabel({ supervisor: 'u1', supervisorName: 'Ravi' })).toBe('Ravi');
    expect(supervisorLabel({ supervisor: 'u1', supervisorName: null })).toBe(MSG.supervisorUnknown);
    expect(supervisorLabel({ supervisor: null, supervisorName: null })).toBe(MSG.supervisorNotAssigned);
  });

  it('shows a company day as dd/mm/yyyy without shifting it through a time zone', () => {
    expect(formatDay('2026-03-01')).toBe('01/03/2026');
  });

  it('suggests workers of the type by name, case-insensitively, not already chosen, only after typing', () => {
    const workers = [
      { _id: '1', name: 'Anil Kumar', work: 'mcc' },
      { _id: '2', name: 'Sunil KUMAR', work: 'MCC' },
      { _id: '3', name: 'Kumari Devi', work: 'acca' },
      { _id: '4', name: 'Kumaran', work: 'mcc' },
    ];
    expect(suggestWorkers(workers, { work: 'mcc', chosenIds: ['4'], text: 'kumar' }).map((w) => w._id)).toEqual(['1', '2']);
    expect(suggestWorkers(workers, { work: 'mcc', chosenIds: [], text: '  ' })).toEqual([]);
  });

  it('reads a range of days from the address only when both are real days in order', () => {
    expect(addressRange('2026-11-01', '2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    expect(addressRange('2026-11-23', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(addressRange('2026-11-23', '2026-11-01')).toBeNull();
    expect(addressRange('2026-02-31', '2026-03-01')).toBeNull();
    expect(addressRange('2026-11-01', null)).toBeNull();
    expect(addressRange('yesterday', '2026-11-01')).toBeNull();
  });
});
