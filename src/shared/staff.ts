/** Staff constants of SPEC §3 and §9. */
export const DESIGNATIONS = ['Manager', 'Supervisor', 'Cleaning Staff'] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** Designations a plain worker may have (the Add Worker form). */
export const WORKER_DESIGNATIONS = ['Supervisor', 'Cleaning Staff'] as const;

export const STAFF_STATUSES = ['Active', 'On Leave', 'Resigned'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
/** The statuses by name, for code that means one of them (a new record is Active; Resigned ends sign-in). */
export const STAFF_STATUS = { active: STAFF_STATUSES[0], onLeave: STAFF_STATUSES[1], resigned: STAFF_STATUSES[2] } as const;

/** The earliest year of birth the register accepts (issue 26): an earlier one is a typing slip. */
export const DOB_YEAR_MIN = 1900;

/** Indian IFSC: 4 letters (bank), a zero, 6 letters or digits (branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** What a masked Aadhaar number shows before its last four digits (the staff list's SQL writes it too). */
export const AADHAR_MASK = 'XXXX XXXX ';
/** What a masked bank account number shows before its last four characters (the staff list's SQL writes it too). */
export const ACCOUNT_MASK = 'XXXXXXXX';

/** Shows only the last four digits of an Aadhaar number: XXXX XXXX 1234. */
export function maskAadhar(aadhar: string | null | undefined): string {
  if (!aadhar) return '';
  const digits = aadhar.replace(/\D/g, '');
  if (digits.length < 4) return 'XXXX';
  return `${AADHAR_MASK}${digits.slice(-4)}`;
}

/** Shows only the last four characters of a bank account number: XXXXXXXX1234 (empty stays empty). */
export function maskAccountNumber(account: string | null | undefined): string | null {
  if (account === null || account === undefined) return null;
  const plain = account.replace(/\s/g, '');
  if (plain === '') return account;
  return `${ACCOUNT_MASK}${plain.length > 4 ? plain.slice(-4) : ''}`;
}
