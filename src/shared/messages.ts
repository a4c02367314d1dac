import { BILL_STATUSES } from './bills.js';
import { MAX_BEDSHEETS, MAX_COACHES } from './duties.js';
import {
  BULK_MAX_BYTES,
  BULK_MAX_ROWS,
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  CHAT_TEXT_MAX,
  CONSUMED_COACH_MAX,
  DASHBOARD_CHART_DAYS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  NAME_MAX,
  OTP_DIGITS,
  OTP_TTL_MINUTES,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './limits.js';
import { DESIGNATIONS, DOB_YEAR_MIN, STAFF_STATUSES } from './staff.js';
import { DOC_LANGUAGES, GENDERS, SKILLS } from './payroll.js';
import { indexMessages, plural, template } from './message-template.js';
import { SITE_MSG } from './site-messages.js';

/**
 * Every user-facing text of SPEC.md that the product shows, in one object, so the screens,
 * the API and the tests use the same words. Texts that are ours (not in SPEC) are marked.
 * The public site's texts are written in site-messages.ts (SITE_MSG) and are part of MSG
 * under the same codes: the web app's first download carries those alone.
 *
 * Each entry's key is its code (dotted in a group: 'fields.trainNumber'): the server sends
 * it beside the words, and the web's catalogues are keyed by it. This is the one place the
 * English words are written: the web's English catalogue is made from MSG, a text that
 * takes values is a template ({{0}}, {{count}}) that the other languages translate as it
 * is (message-template.ts, decision 0030). No two entries may have the same words.
 */

/** 'a, b, c or d': a choice in words, from the list the rule itself checks. */
const oneOf = (choices: readonly string[]) => (choices.length < 2 ? choices.join('') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`);
/** A limit as people read it: 2,000. */
const count = (value: number) => value.toLocaleString('en-US');

export const MSG = {
  ...SITE_MSG,

  // §8 login
  // ours: one message for a wrong e-mail or a wrong password, so neither is revealed
  invalidCredentials: 'Invalid email or password',
  tooManyLogins: `Too many failed sign-in attempts. Please try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`,

  // §5 login validation (ours: SPEC only says required and e-mail format)
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',

  // §8 registration
  registered: 'Registered successfully',
  alreadyRegistered: 'Already registered, please login',
  registrationFailed: 'Registration failed',
  registrationError: 'Error during registration',
  // §5 Add Supervisor
  fillAllFields: 'Please fill all fields',
  phoneDigits: 'Phone number must be 10 digits',
  aadharDigits: 'Aadhar number must be 12 digits',
  passwordsDoNotMatch: 'Passwords do not match',
  // ours
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  workInvalid: 'Choose one of the work types',
  registerNeedsSession: 'Sign in as a manager or admin to register accounts',
  roleInvalid: 'Choose a role',
  managerCannotCreateAdmin: 'A manager cannot create an admin account',

  // §5 and §8 forgot password
  otpRequired: 'OTP is required',
  newPasswordRequired: 'New password is required',
  userNotFound: 'User not found',
  invalidOtp: 'Invalid OTP. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetSuccess: 'Password reset successful',
  // ours
  otpSent: `We have sent a ${OTP_DIGITS}-digit code to your email. It is valid for ${OTP_TTL_MINUTES} minutes.`,
  otpVerified: 'OTP verified. Choose a new password.',
  otpExpired: 'This code has expired. Please request a new one.',
  otpTooManyTries: 'Too many wrong codes. Please request a new one.',
  mailUnavailable: 'We could not send the e-mail just now. Please try again in a few minutes.',

  // §8 logout
  loggedOut: 'Logged out successfully',

  // §2 access guard, 404, admin
  redirecting: template<[seconds: number]>('Redirecting you in {{0}} seconds'),
  adminGreeting: template<[name: string | null | undefined]>('Hi, {{0}}!', { anonymous: 'Hi, Admin!' }),
  adminWelcome: 'Welcome to the Admin Dashboard',
  managerGreetingName: template<[name: string | null | undefined]>('{{0}}', { anonymous: 'Manager' }),
  managerSubtitle: 'Advanced Manager Dashboard',

  // §5 and §8 staff
  fillAllRequired: 'Please fill all required fields',
  aadharDigitsEdit: 'Aadhar must be 12 digits',
  workerAdded: 'Worker added successfully',
  workerUpdated: 'Worker updated successfully',
  workerUpdateFailed: 'Failed to update worker',
  workerFetchFailed: 'Failed to fetch worker details',
  ifscInvalidAdd: '⚠️ Enter a valid IFSC code',
  ifscInvalidEdit: '⚠️ Invalid IFSC Code',
  checkingIfsc: 'Checking IFSC...',
  selectExcelFile: 'Please select an Excel file',
  uploadFailed: 'Upload failed',
  noStaffInCategory: 'No staff found in this category.',
  // ours
  empIdTaken: 'This Emp ID is already in use',
  empIdRepeatsRow: template<[row: number]>('Emp ID repeats row {{0}}'),
  aadharRepeatsRow: template<[row: number]>('Aadhar repeats row {{0}}'),
  aadharAlreadyRegistered: 'Aadhar already registered',
  aadharTaken: 'This Aadhar number is already registered to another staff member',
  workerNotFound: 'Worker not found',
  wageInvalid: 'Wage must be a number of rupees, with at most 2 decimals',
  statusInvalid: `Status must be ${oneOf(STAFF_STATUSES)}`,
  designationInvalid: `Designation must be ${oneOf(DESIGNATIONS)}`,
  ifscInvalid: 'Invalid IFSC code',
  bulkUploaded: template<[imported: number, skipped: number]>('{{0}} workers uploaded successfully, {{1}} skipped'),
  bulkInvalidFile: 'The file could not be read as an Excel workbook (.xlsx or .xls)',
  bulkTooLarge: `The file is larger than ${BULK_MAX_BYTES / (1024 * 1024)} MB`,
  bulkTooManyRows: `The file has more than ${count(BULK_MAX_ROWS)} rows`,
  bulkEmpty: 'The first sheet has no worker rows',
  bulkMissingHeaders: template<[headers: string]>('The first row must name the columns; missing: {{0}}'),
  bulkRowsInvalid: plural({ one: 'Nothing was imported: {{count}} row has problems', other: 'Nothing was imported: {{count}} rows have problems' }),
  staffOfHigherRole: "This staff record belongs to a manager's or an admin's account. Only an admin can change it.",
  ownStaffRecord: 'You cannot change your own designation or set yourself to Resigned. Ask an admin.',
  bulkOneFile: 'Upload one Excel file at a time',
  bulkTooManyFields: 'The upload has too many form fields. Send only the Excel file.',
  lastAdminResigned: 'The last admin who can sign in cannot be set to Resigned',
  bulkBusy: 'Other spreadsheets are being read right now. Please try again in a few seconds.',
  bulkTooSlow: 'The file is too big to read once unpacked. Split it into smaller files.',

  // §2, §5 and §8 train duties
  addTrainTitle: 'Dashboard - Add MCC Train',
  requiredStaff: 'Required Staff',
  selectedStaff: 'Selected Staff',
  searchAndAddWorkers: 'Search and add workers',
  addTrainDetails: 'Add Train Details',
  submitting: 'Submitting...',
  saving: 'Saving...',
  loading: 'Loading...',
  enterSuppliedBedsheet: 'Please enter supplied bedsheet count',
  selectAtLeastOneWorker: 'Please select at least one worker',
  trainAdded: 'Train details added successfully!',
  trainAddFailed: 'Failed to add train details.',
  somethingWentWrongBang: 'Something went wrong!',
  trainUpdated: 'Train updated successfully',
  liveWorkDetails: 'Live Work Details',
  liveWorkManagerTitle: 'Live work - Manager',
  completedWorkDetails: 'Completed Work Details',
  markAsCompleted: 'Mark as Completed',
  markCompleted: 'Mark Completed',
  totalWorkers: 'Total Workers',
  noWorkersFound: 'No workers found',
  noLiveTrainsFor: template<[work: string]>('No live trains available for {{0}}.'),
  noLiveTrainsIn: template<[work: string]>('No live trains available in {{0}}.'),
  noCompletedTrains: template<[category: string]>('No completed trains found in {{0}}.'),
  supervisorUnknown: 'Unknown',
  supervisorNotAssigned: 'Not Assigned',
  // ours
  workerTwice: 'A worker can be added only once',
  workerNotEligible: template<[work: string]>('Only active staff of {{0}} can be assigned to this duty'),
  supervisorInvalid: 'Choose a supervisor from the list',
  coachesInvalid: `Total coaches must be a whole number from 1 to ${MAX_COACHES}`,
  bedsheetsInvalid: `Bedsheet counts must be whole numbers from 0 to ${MAX_BEDSHEETS.toLocaleString('en-US')}`,
  dutyTypeInvalid: 'Type must be Primary or Secondary',
  dutyNotFound: 'Duty not found',
  dutyStale: 'This duty was changed by someone else meanwhile. Reload it and make your change again.',
  dutyAlreadyCompleted: 'This duty is already completed',
  onlyManagerReopens: 'Only a manager can set a completed duty back to processing',
  ownWorkOnly: 'You can only work with duties of your own work type',
  noWorkType: 'Your account has no work type. Ask a manager to set one.',
  dateRangeInvalid: 'Dates must be given as YYYY-MM-DD, from before to',
  ownDutiesOnly: 'You can only change duties you supervise',
  completedDayOver: 'A completed duty can be changed only on the day it was completed. Ask a manager.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 100 letters, digits, dots, colons, dashes or underscores',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send the change with a new key.',
  workerInvalid: 'Choose workers from the list',
  crewTooLarge: template<[max: number]>('A duty can have at most {{0}} workers'),
  dutyDeleted: 'Duty deleted successfully',
  /** the Delete button of a duty and of a bill */
  delete: 'Delete',
  confirmDeleteDuty: 'Are you sure you want to delete this duty?',
  confirmDeleteDutyDetail: 'It is removed with its crew, and attendance and the dashboard no longer count it. The audit trail keeps a copy.',
  confirmDeleteDutyAction: 'Yes, delete duty',

  // §2, §5 and §8 attendance, bills, dashboard
  loadingData: 'Loading data...',
  noWorkersInCategory: 'No workers in this category.',
  downloadExcel: 'Download Excel',
  addBillLink: '+ Add Bill',
  noBillsPassed: 'No bills passed yet',
  noBillsFor: template<[category: string]>('No bills found for {{0}}.'),
  notAvailable: 'N/A',
  addMonthlyBill: 'Add Monthly Bill',
  addBill: 'Add Bill',
  confirmAddBill: 'Are you sure you want to add this bill?',
  confirmDeleteBill: 'Are you sure you want to delete this bill?',
  billAdded: 'Bill added successfully',
  billUpdated: 'Bill Updated Successfully',
  billUpdateError: 'Error updating bill',
  billDeleted: 'Bill Deleted Successfully',
  billDeleteError: 'Error deleting bill',
  // ours
  billExists: template<[month: string, work: string]>('A bill for {{0}} of {{1}} already exists'),
  billNotFound: 'Bill not found',
  amountInvalid: 'Amounts must be rupees with at most 2 decimals',
  monthInvalid: 'Month must be given as YYYY-MM',
  billStatusInvalid: `Status must be ${oneOf(BILL_STATUSES)}`,
  consumedCoachInvalid: `Consumed coaches must be a whole number from 0 to ${count(CONSUMED_COACH_MAX)}`,

  // §2 and §5 chat
  loadingChats: 'Loading chats...',
  noChatsYet: 'No chats yet.',
  typeAMessage: 'Type a message...',
  send: 'Send',
  // ours
  chatEmpty: 'Write a message first',
  chatTooLong: `A message can have at most ${count(CHAT_TEXT_MAX)} characters`,
  chatTooFast: 'You are sending messages too quickly. Please wait a moment.',
  chatTooManyStreams: 'Chat is already open in too many windows for this sign-in. Close one of them, or this window will check for new messages every few seconds.',

  // ours: admin
  lastAdmin: 'The last admin cannot be disabled or given another role',
  accountNotFound: 'Account not found',
  stateExists: 'That state is already on the list',
  stateNotFound: 'State not found',
  resetCodeSent: 'A password reset code has been e-mailed to this account',
  sessionsEnded: 'Every session of this account has ended',
  accountUpdated: 'Account updated',
  stateNameRequired: 'State name is required',
  stateDeleted: 'State removed',
  staffingNormRequired: template<[example: number]>('Enter staff per coach, e.g. {{0}}'),
  staffingNormPositive: 'Staff per coach must be above 0',
  staffingNormTooHigh: template<[max: number]>('Staff per coach must be at most {{0}}'),
  staffingNormSaved: 'Staffing norm saved',
  contractPeriodRequired: 'Contract period is required',
  contractPeriodSaved: 'Contract period saved',
  // ours: the company profile (issue 3)
  companyNameRequired: 'Company name is required',
  shortNameRequired: 'Short name is required',
  companyPhoneRequired: 'Phone is required',
  addressRequired: 'Address is required',
  logoTooLarge: template('The logo must be smaller than {{0}} KB', { values: (maxBytes: number) => ({ 0: Math.round(maxBytes / 1024) }) }),
  logoType: 'The logo must be a PNG, JPEG, WebP or SVG image',
  logoHint: template('PNG, JPEG, WebP or SVG, at most {{0}} KB', { values: (maxBytes: number) => ({ 0: Math.round(maxBytes / 1024) }) }),
  yearInvalid: template<[field: string, min: number, max: number]>('{{0}} must be a year from {{1}} to {{2}}', { fields: ['0'] }),
  wholeNumberInvalid: template('{{0}} must be a whole number from 0 to {{1}}', { values: (field: string, max: number) => ({ 0: field, 1: count(max) }), fields: ['0'] }),
  ratingInvalid: template<[max: number]>('Rating must be 1 to {{0}} stars'),
  tooMany: template<[things: string, max: number]>('At most {{1}} {{0}}', { fields: ['0'] }),
  fieldRequired: template<[field: string]>('{{0}} is required', { fields: ['0'] }),
  notText: template<[field: string]>('{{0}} must be text', { fields: ['0'] }),
  disabledInvalid: 'disabled must be true or false',
  pageSizeInvalid: template<[max: number]>('limit must be a whole number from 1 to {{0}}'),
  offsetInvalid: 'offset must be a whole number from 0',

  // ours: admin screens (issue 8)
  accountDisabledDone: template<[name: string]>('{{0}} is disabled and signed out'),
  accountEnabledDone: template<[name: string]>('{{0}} can sign in again'),
  noAccountsMatch: 'No accounts match these filters.',
  stateAdded: template<[name: string]>('{{0}} added'),
  stateRenamed: template<[name: string]>('Renamed to {{0}}'),
  stateRemoved: template<[name: string]>('{{0}} removed'),
  companyProfileSaved: 'Company profile saved',
  fieldsNeedAttention: 'Some fields need attention',
  noAuditMatches: 'No recorded changes match these filters.',
  noAuditYet: 'No changes recorded yet.',

  // @messages:web-public
  // §1 and §2 public site: the rest of its texts are SITE_MSG's (site-messages.ts)
  logout: 'Logout',
  // @messages:web-staff
  addWorker: 'Add Worker',
  addSupervisor: 'Add Supervisor',
  allStaffMembers: 'All Staff Members',
  updateWorker: 'Update Worker',
  updating: 'Updating...',
  selectStaffStatus: 'Select Staff status',
  bulkUploadTitle: 'Bulk Upload Workers (Excel)',
  upload: 'Upload',
  uploading: 'Uploading...',
  // ours
  searchStaff: 'Search by name, phone or Emp ID',
  downloadTemplate: 'Download template',
  bulkColumnsHint: 'Row 1 names the columns: name, work, phone and aadhar are required; empid, wage, acnumber, ifsccode, bank, branch, uanno, esino and designation are optional. Every row is checked first: if any row has a problem, nothing is imported.',
  bulkSkippedTitle: 'Skipped rows',
  bulkProblemsTitle: 'Rows with problems',
  branchTypeHint: 'Branch not known for this code: type it',
  empIdHint: 'Leave blank to generate one',
  staffShown: template<[from: number, to: number, total: number]>('{{0}}–{{1}} of {{2}}'),
  bulkUploadLink: 'Bulk upload (Excel)',
  // @messages:web-duties
  // @messages:web-reports
  // §2 menu, page, card and column labels of attendance, bills and the manager dashboard
  attendanceLink: 'Attendance',
  billDetails: 'Bill Details',
  attendancePageTitle: template<[monthAndYear: string]>('Attendance - {{0}}'),
  columnName: 'Name',
  columnTotal: 'Total',
  columnMonth: 'Month',
  columnStatus: 'Status',
  columnActions: 'Actions',
  billValue: 'Bill Value',
  netAmount: 'Net Amount',
  penalty: 'Penalty',
  contractPeriod: 'Contract Period',
  lastPassedBillMonth: 'Last Passed Bill Month',
  pendingBills: 'Pending Bills',
  passedBills: 'Passed Bills',
  totalBillAmount: 'Total Bill Amount',
  totalPenalties: 'Total Penalties',
  totalLiveWork: 'Total Live Work',
  totalCompletedWork: 'Total Completed Work',
  todayLiveWork: 'Today Live Work',
  todayCompletedWork: 'Today Completed Work',
  // ours: wage register, month stepping, charts, bill edit
  wageRegister: 'Wage Register',
  wagePerDay: 'Wage per day',
  columnEmpId: 'Emp ID',
  columnDays: 'Days',
  columnAmount: 'Amount',
  presentPerDay: 'Present',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  downloadFailed: 'The file could not be downloaded',
  dutiesCompletedChart: `Duties completed per day (last ${DASHBOARD_CHART_DAYS} days)`,
  billAmountsByStatusChart: 'Net bill amount by status',
  noCompletedDutiesYet: `No duties completed in the last ${DASHBOARD_CHART_DAYS} days.`,
  noBillsYet: 'No bills yet.',
  confirmAddBillAction: 'Yes, add bill',
  confirmDeleteBillAction: 'Yes, delete',
  cancel: 'Cancel',
  billEdit: 'Edit',
  billSave: 'Save',
  // @messages:web-chat
  chatMenuLabel: 'Connect',
  chatMessageLabel: 'Message',
  chatMessagesLabel: 'Messages',
  chatYou: 'You',
  chatLoadOlder: 'Load older messages',
  chatLoadingOlder: 'Loading older messages...',
  chatNewMessages: 'New messages',
  chatTodayFromOthers: plural({ one: '{{count}} message from others today', other: '{{count}} messages from others today' }),

  // ours: API errors
  notSignedIn: 'Please sign in to continue',
  sessionExpired: 'Your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this',
  tooManyRequests: 'Too many requests. Please try again later.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  invalidRequest: 'Invalid request',
  bodyNotObject: "The request body must be a JSON object with the form's fields",
  bodyNotJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request is too large',
  bodyTypeUnsupported: 'The request body is not of a type this call reads',
  badUrl: 'This address is not valid. Check the link and try again.',
  // ours: input rules (issue 12)
  invalidCharacters: template<[field: string]>('Remove the unsupported characters from {{0}}', { fields: ['0'] }),
  tooLong: template('{{0}} must be at most {{1}} characters', { values: (field: string, max: number) => ({ 0: field, 1: count(max) }), fields: ['0'] }),
  dayInvalid: template<[field: string]>('{{0}} must be a real date, given as YYYY-MM-DD', { fields: ['0'] }),
  monthOutOfRange: `Month must be given as YYYY-MM, between ${CALENDAR_YEAR_MIN} and ${CALENDAR_YEAR_MAX}`,
  cursorInvalid: 'The cursor is not valid. Load the list again from the start.',
  idInvalid: template<[field: string]>('{{0}} is not a valid id', { fields: ['0'] }),

  /**
   * ours: the names of fields that messages name ("Train number is required"), as the shared
   * schemas pass them to the functions above, so a message in another language names the
   * field in that language too. Names already above (Name, Emp ID, Status…) are not repeated.
   */
  fields: {
    phone: 'Phone',
    aadhar: 'Aadhar',
    designation: 'Designation',
    category: 'Category',
    work: 'Work',
    wage: 'Wage',
    bank: 'Bank',
    branch: 'Branch',
    ifscCode: 'IFSC code',
    accountNumber: 'Account Number',
    uanNumber: 'UAN Number',
    esiNumber: 'ESI Number',
    search: 'Search',
    workType: 'Work type',
    stateName: 'State name',
    contractPeriod: 'Contract period',
    recordType: 'Record type',
    record: 'Record',
    actor: 'Actor',
    supervisor: 'Supervisor',
    from: 'From',
    to: 'To',
    trainNumber: 'Train number',
    theMessage: 'the message',
    senderName: 'The sender name',
    companyName: 'Company name',
    shortName: 'Short name',
    address: 'Address',
    yearEstablished: 'Year established',
    testimonialName: 'Testimonial name',
    testimonialRole: 'Testimonial role',
    testimonialText: 'Testimonial text',
    faqQuestion: 'FAQ question',
    faqAnswer: 'FAQ answer',
    testimonials: 'testimonials',
    questions: 'questions',
  },

  // staff payroll fields (issue 26)
  /** the names of the staff register's payroll fields, as the forms label them and messages name them */
  payrollFields: {
    dob: 'Date of birth',
    gender: 'Gender',
    guardianName: "Father's/Husband's name",
    joined: 'Date of joining',
    skill: 'Skill category',
    language: 'Language for documents',
    pfMember: 'PF member',
    esiMember: 'ESI member',
  },
  genderInvalid: `Gender must be ${oneOf(GENDERS)}`,
  skillInvalid: `Skill category must be ${oneOf(SKILLS)}`,
  docLanguageInvalid: `Language for documents must be ${oneOf(DOC_LANGUAGES)}`,
  dobInFuture: 'Date of birth cannot be in the future',
  dobTooEarly: `Date of birth must be in ${DOB_YEAR_MIN} or later`,
  yesNoInvalid: template<[field: string]>('{{0}} must be yes or no (Y or N)', { fields: ['0'] }),
  bulkPayrollColumnsHint:
    "Optional payroll columns, named in the template: date of birth and date of joining (as 1990-08-15, or a date cell), gender (M, F or T), father's or husband's name, skill, language for documents (en, hi or ml), PF member and ESI member (Y or N; empty means Y).",
} as const;

indexMessages(MSG);
