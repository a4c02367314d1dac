import type { DeductionKind, DocLanguage } from '../../../shared/payroll.js';

/**
 * The words of a wage slip in each language a worker's documents are printed in (issue 26).
 * The Hindi and Malayalam are the usual payroll terms of Indian offices; UAN, EPF and ESI keep
 * their Latin abbreviation beside the transliteration, as the portals and the cards print them.
 */
export interface SlipLabels {
  title: string;
  name: string;
  empId: string;
  designation: string;
  work: string;
  uan: string;
  esiNumber: string;
  paidDays: string;
  daysPresent: string;
  dailyRate: string;
  earnings: string;
  amount: string;
  gross: string;
  deductions: string;
  epfEmployee: string;
  esiEmployee: string;
  deduction: Record<DeductionKind, string>;
  totalDeductions: string;
  netPay: string;
  dueDate: string;
  employerContributions: string;
  epfEmployer: string;
  esiEmployer: string;
  workerSignature: string;
  employerSignature: string;
  /** the watermark of a draft, printed under the English "DRAFT" */
  draft: string;
  /** January … December */
  months: readonly [string, string, string, string, string, string, string, string, string, string, string, string];
}

/** The draft watermark's English word, on every language's draft slip. */
export const DRAFT_WORD = 'DRAFT';

export const SLIP_LABELS: Record<DocLanguage, SlipLabels> = {
  en: {
    title: 'Wage slip',
    name: 'Name',
    empId: 'Emp ID',
    designation: 'Designation',
    work: 'Work',
    uan: 'UAN',
    esiNumber: 'ESI number',
    paidDays: 'Paid days',
    daysPresent: 'Days present',
    dailyRate: 'Daily wage rate',
    earnings: 'Earnings',
    amount: 'Amount',
    gross: 'Gross wages',
    deductions: 'Deductions',
    epfEmployee: 'EPF (employee share)',
    esiEmployee: 'ESI (employee share)',
    deduction: { advance: 'Advance', fine: 'Fine', damage: 'Damage or loss', other: 'Other deduction' },
    totalDeductions: 'Total deductions',
    netPay: 'Net pay',
    dueDate: 'Wages due by',
    employerContributions: "Employer's contributions (paid by the employer, not deducted from your wages)",
    epfEmployer: 'EPF (employer share)',
    esiEmployer: 'ESI (employer share)',
    workerSignature: "Worker's signature",
    employerSignature: 'Employer / authorised signatory',
    draft: 'DRAFT',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  hi: {
    title: 'वेतन पर्ची',
    name: 'नाम',
    empId: 'कर्मचारी संख्या',
    designation: 'पदनाम',
    work: 'कार्य',
    uan: 'यूएएन (UAN)',
    esiNumber: 'ईएसआई संख्या',
    paidDays: 'भुगतान योग्य दिन',
    daysPresent: 'उपस्थिति के दिन',
    dailyRate: 'दैनिक मज़दूरी दर',
    earnings: 'आय',
    amount: 'राशि',
    gross: 'सकल मज़दूरी',
    deductions: 'कटौतियाँ',
    epfEmployee: 'ईपीएफ (कर्मचारी अंश)',
    esiEmployee: 'ईएसआई (कर्मचारी अंश)',
    deduction: { advance: 'अग्रिम', fine: 'जुर्माना', damage: 'क्षति या हानि', other: 'अन्य कटौती' },
    totalDeductions: 'कुल कटौती',
    netPay: 'शुद्ध वेतन',
    dueDate: 'मज़दूरी भुगतान की अंतिम तिथि',
    employerContributions: 'नियोक्ता का अंशदान (नियोक्ता देता है, आपकी मज़दूरी से नहीं काटा जाता)',
    epfEmployer: 'ईपीएफ (नियोक्ता अंश)',
    esiEmployer: 'ईएसआई (नियोक्ता अंश)',
    workerSignature: 'कर्मचारी के हस्ताक्षर',
    employerSignature: 'नियोक्ता / प्राधिकृत हस्ताक्षरकर्ता',
    draft: 'प्रारूप',
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
  },
  ml: {
    title: 'ശമ്പള സ്ലിപ്പ്',
    name: 'പേര്',
    empId: 'ജീവനക്കാരന്റെ നമ്പർ',
    designation: 'തസ്തിക',
    work: 'ജോലി',
    uan: 'യുഎഎൻ (UAN)',
    esiNumber: 'ഇഎസ്ഐ നമ്പർ',
    paidDays: 'ശമ്പളമുള്ള ദിവസങ്ങൾ',
    daysPresent: 'ഹാജരായ ദിവസങ്ങൾ',
    dailyRate: 'ദിവസ വേതന നിരക്ക്',
    earnings: 'വരുമാനം',
    amount: 'തുക',
    gross: 'മൊത്തം വേതനം',
    deductions: 'കിഴിവുകൾ',
    epfEmployee: 'ഇപിഎഫ് (ജീവനക്കാരന്റെ വിഹിതം)',
    esiEmployee: 'ഇഎസ്ഐ (ജീവനക്കാരന്റെ വിഹിതം)',
    deduction: { advance: 'മുൻകൂർ തുക', fine: 'പിഴ', damage: 'നാശനഷ്ടം', other: 'മറ്റ് കിഴിവ്' },
    totalDeductions: 'ആകെ കിഴിവുകൾ',
    netPay: 'അറ്റ ശമ്പളം',
    dueDate: 'വേതനം നൽകേണ്ട അവസാന തീയതി',
    employerContributions: 'തൊഴിലുടമയുടെ വിഹിതം (തൊഴിലുടമ അടയ്ക്കുന്നത്, നിങ്ങളുടെ വേതനത്തിൽ നിന്ന് പിടിക്കുന്നില്ല)',
    epfEmployer: 'ഇപിഎഫ് (തൊഴിലുടമയുടെ വിഹിതം)',
    esiEmployer: 'ഇഎസ്ഐ (തൊഴിലുടമയുടെ വിഹിതം)',
    workerSignature: 'ജീവനക്കാരന്റെ ഒപ്പ്',
    employerSignature: 'തൊഴിലുടമ / അധികാരപ്പെടുത്തിയ ഒപ്പുവയ്ക്കുന്നയാൾ',
    draft: 'കരട്',
    months: ['ജനുവരി', 'ഫെബ്രുവരി', 'മാർച്ച്', 'ഏപ്രിൽ', 'മേയ്', 'ജൂൺ', 'ജൂലൈ', 'ഓഗസ്റ്റ്', 'സെപ്റ്റംബർ', 'ഒക്ടോബർ', 'നവംബർ', 'ഡിസംബർ'],
  },
};
