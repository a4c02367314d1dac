/**
 * Every endpoint's method and path (SPEC §7), once, as plain data (issue 25, decision 0016).
 * The contracts (src/shared/api/*.ts) take their address from here and add the request's
 * parts and the answers; the web calls only through these entries (src/web/api/call.ts),
 * so it knows every address without loading a contract's schemas. Paths are under
 * /api/v1, with {name} for a path parameter (SPEC §7's notation).
 *
 * No imports: whatever needs an address may load this file.
 */
export const API = {
  // auth
  login: { method: 'POST', path: '/auth/login' },
  logout: { method: 'POST', path: '/auth/logout' },
  setup: { method: 'GET', path: '/auth/setup' },
  register: { method: 'POST', path: '/auth/register' },
  forgetPassword: { method: 'POST', path: '/auth/forgetpswd' },
  verifyOtp: { method: 'POST', path: '/auth/verifyotp' },
  resetPassword: { method: 'POST', path: '/auth/resetpassword' },
  userGuard: { method: 'GET', path: '/auth/userauth' },
  managerGuard: { method: 'GET', path: '/auth/managerauth' },
  adminGuard: { method: 'GET', path: '/auth/adminauth' },
  // duties
  createDuty: { method: 'POST', path: '/mcctrain/create-mcctrain' },
  liveDuties: { method: 'GET', path: '/mcctrain/get-livemcctrain' },
  completedDuties: { method: 'GET', path: '/mcctrain/get-completedmcctrain' },
  oneDuty: { method: 'GET', path: '/mcctrain/getone-mcctrain/{id}' },
  updateDuty: { method: 'PUT', path: '/mcctrain/update-mcctrain/{id}' },
  deleteDuty: { method: 'DELETE', path: '/mcctrain/deletework/{id}' },
  staffingNorms: { method: 'GET', path: '/staffing-norms' },
  // staff
  createWorker: { method: 'POST', path: '/worker/create-worker' },
  listWorkers: { method: 'GET', path: '/worker/get-workers' },
  oneWorker: { method: 'GET', path: '/worker/getoneworker/{id}' },
  updateWorker: { method: 'PUT', path: '/worker/update-worker/{id}' },
  uploadWorkers: { method: 'POST', path: '/worker/uploadbulkdata' },
  uploadTemplate: { method: 'GET', path: '/worker/upload-template' },
  ifscLookup: { method: 'GET', path: '/worker/get-ifsc/{ifsccode}' },
  // staff list: counts by status and the export (issue 28, staff list)
  workerStatusCounts: { method: 'GET', path: '/worker/status-counts' },
  workersExport: { method: 'GET', path: '/worker/export' },
  supervisorList: { method: 'GET', path: '/auth/getsupervisor' },
  // bulk changes to staff (issue 28, part "bulk")
  staffBulkPreview: { method: 'POST', path: '/worker/bulk-preview' },
  staffBulkUpdate: { method: 'POST', path: '/worker/bulk-update' },
  // bills
  listBills: { method: 'GET', path: '/mcctrain/getbills' },
  createBill: { method: 'POST', path: '/mcctrain/createbill' },
  updateBill: { method: 'PUT', path: '/mcctrain/update-bill/{id}' },
  deleteBill: { method: 'DELETE', path: '/mcctrain/delete-bill/{id}' },
  // reports
  attendance: { method: 'GET', path: '/attendance' },
  attendanceExport: { method: 'GET', path: '/attendance/export' },
  wages: { method: 'GET', path: '/wages' },
  wagesExport: { method: 'GET', path: '/wages/export' },
  dashboardSummary: { method: 'GET', path: '/dashboard/summary' },
  // chat
  listChats: { method: 'GET', path: '/chat/getchats' },
  createChat: { method: 'POST', path: '/chat/createchat' },
  todayChatCount: { method: 'GET', path: '/chat/today-count' },
  chatStream: { method: 'GET', path: '/chat/stream' },
  // admin
  getStates: { method: 'GET', path: '/states/get-states' },
  publicCompanyProfile: { method: 'GET', path: '/company-profile' },
  contractPeriods: { method: 'GET', path: '/contract-periods' },
  adminOverview: { method: 'GET', path: '/admin/overview' },
  responseCacheSize: { method: 'GET', path: '/admin/response-cache' },
  listAccounts: { method: 'GET', path: '/admin/accounts' },
  createAccount: { method: 'POST', path: '/admin/accounts' },
  updateAccount: { method: 'PUT', path: '/admin/accounts/{id}' },
  sendReset: { method: 'POST', path: '/admin/accounts/{id}/send-reset' },
  endSessions: { method: 'POST', path: '/admin/accounts/{id}/end-sessions' },
  addState: { method: 'POST', path: '/admin/states' },
  renameState: { method: 'PUT', path: '/admin/states/{id}' },
  removeState: { method: 'DELETE', path: '/admin/states/{id}' },
  saveCompanyProfile: { method: 'PUT', path: '/admin/company-profile' },
  adminStaffingNorms: { method: 'GET', path: '/admin/staffing-norms' },
  saveStaffingNorm: { method: 'PUT', path: '/admin/staffing-norms/{work}' },
  auditTrail: { method: 'GET', path: '/admin/audit' },
  // payroll (issue 26)
  payroll: { method: 'GET', path: '/payroll' },
  finalisePayroll: { method: 'POST', path: '/payroll/finalise' },
  reopenPayroll: { method: 'POST', path: '/payroll/reopen' },
  payrollEcr: { method: 'GET', path: '/payroll/ecr' },
  payrollEsi: { method: 'GET', path: '/payroll/esi' },
  payrollBank: { method: 'GET', path: '/payroll/bank' },
  payrollBankMissing: { method: 'GET', path: '/payroll/bank-missing' },
  payrollRegister: { method: 'GET', path: '/payroll/register' },
  payrollSlips: { method: 'GET', path: '/payroll/slips' },
  listDeductions: { method: 'GET', path: '/payroll/deductions' },
  addDeduction: { method: 'POST', path: '/payroll/deductions' },
  removeDeduction: { method: 'DELETE', path: '/payroll/deductions/{id}' },
  markDays: { method: 'POST', path: '/attendance/marks' },
  // the bill computed from the duties, and the contract terms (issue 27)
  billDraft: { method: 'GET', path: '/bills/draft' },
  billFromDuties: { method: 'POST', path: '/bills/from-duties' },
  billAnnexure: { method: 'GET', path: '/bills/annexure' },
  billCompliance: { method: 'GET', path: '/bills/compliance' },
  listBillPenalties: { method: 'GET', path: '/bills/penalties' },
  addBillPenalty: { method: 'POST', path: '/bills/penalties' },
  removeBillPenalty: { method: 'DELETE', path: '/bills/penalties/{id}' },
  contractTerms: { method: 'GET', path: '/admin/contract-terms' },
  saveContractTerms: { method: 'PUT', path: '/admin/contract-terms' },

  // payroll settings and holidays (issue 26)
  payrollSettings: { method: 'GET', path: '/admin/payroll-settings' },
  savePayrollSettings: { method: 'PUT', path: '/admin/payroll-settings' },
  listHolidays: { method: 'GET', path: '/admin/holidays' },
  addHoliday: { method: 'POST', path: '/admin/holidays' },
  renameHoliday: { method: 'PUT', path: '/admin/holidays/{day}' },
  removeHoliday: { method: 'DELETE', path: '/admin/holidays/{day}' },

  // the month lists' view exports: the page's search, filter and sort (issue 28, part "reports")
  attendanceViewExport: { method: 'GET', path: '/attendance/view-export' },
  wagesViewExport: { method: 'GET', path: '/wages/view-export' },
  payrollExport: { method: 'GET', path: '/payroll/export' },
  // live and completed works: totals of the whole view and its export (issue 28, duties)
  completedDutyTotals: { method: 'GET', path: '/mcctrain/completed-totals' },
  liveDutyTotals: { method: 'GET', path: '/mcctrain/live-totals' },
  completedDutiesExport: { method: 'GET', path: '/mcctrain/completed-export' },
  liveDutiesExport: { method: 'GET', path: '/mcctrain/live-export' },
  // office lists' exports (issue 28, office)
  billsExport: { method: 'GET', path: '/mcctrain/bills-export' },
  accountsExport: { method: 'GET', path: '/admin/accounts/export' },
  auditExport: { method: 'GET', path: '/admin/audit/export' },
} as const;

type ApiName = keyof typeof API;

/** One endpoint's address: its method and its path under /api/v1. */
export interface Address {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
}

API satisfies Record<ApiName, Address>;
