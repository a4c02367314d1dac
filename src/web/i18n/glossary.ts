/**
 * One word per concept in each language (issue 28): for each concept the screens and the
 * server's messages keep coming back to, the one Hindi and the one Malayalam word, and the
 * synonyms translators used before that must not come back. glossary.test.ts checks every
 * catalogue against it (locales/hi.json and ml.json, the shared messages of
 * src/shared/messages.ts under `messages.` included): a text whose English names a concept
 * uses the concept's word and none of its synonyms, and a status badge is the word itself.
 *
 * `word` is the word as a badge or a column heading shows it; `stem` (when given) is the part
 * every inflected form shares (Malayalam adds case endings, Hindi changes पूरा/पूरी/पूरे), which
 * is what a sentence must contain, at the start of a word (दल is not the दल of बदलाव). A new translation that names a concept another way fails
 * the test: use the glossary's word, or change the glossary here (for every text at once).
 */
interface GlossaryWord {
  /** the word as a label shows it */
  word: string;
  /** the part every form of the word shares in a sentence; the word itself when not given */
  stem?: string;
  /** synonyms that must not be used for this concept */
  not: readonly string[];
}

export interface GlossaryTerm {
  /** what the concept is, in English, for the reader of this file */
  concept: string;
  /** an English text names the concept when this matches it */
  en: RegExp;
  /** only the catalogue keys this matches (where the English word has this meaning) */
  keys?: RegExp;
  /** not the catalogue keys this matches (where the English word means something else) */
  exceptKeys?: RegExp;
  /** keys whose text is the word alone (a status badge, a column heading) */
  labels?: readonly string[];
  hi: GlossaryWord;
  ml: GlossaryWord;
}

/** Keys about bills, where "Processing", "Accounts" and "passed" name a bill's status. */
const BILL_STATUS_KEYS = /^bills\.statuses\.|^messages\.billStatusInvalid$|^billDraft\.|^admin\.contractTerms\.|^messages\.(noBillsPassed|lastPassedBillMonth|passedBills|billDraft\.\w+)$/;

/** The spreadsheet's column headers (name, wage, designation…), which stay as the file has them. */
const SPREADSHEET_COLUMNS = /^messages\.bulkColumnsHint$/;

export const GLOSSARY: readonly GlossaryTerm[] = [
  // a worker's status (staff list, staff form, admin)
  {
    concept: 'Active (a worker)',
    en: /\bactive\b/i,
    labels: ['staff.statuses.active', 'admin.staffStatus.active'],
    hi: { word: 'सक्रिय', not: ['कार्यरत'] },
    ml: { word: 'സജീവം', stem: 'സജീവ', not: ['പ്രവർത്തനത്തിലുള്ള'] },
  },
  {
    concept: 'On Leave (a worker)',
    en: /\bon leave\b/i,
    labels: ['staff.statuses.onLeave', 'admin.staffStatus.onLeave'],
    hi: { word: 'छुट्टी पर', stem: 'छुट्टी', not: ['अवकाश पर'] },
    ml: { word: 'അവധിയിൽ', stem: 'അവധിയി', not: ['ലീവ്'] },
  },
  {
    concept: 'Resigned (a worker)',
    en: /\bresigned\b/i,
    labels: ['staff.statuses.resigned', 'admin.staffStatus.resigned'],
    hi: { word: 'इस्तीफ़ा दिया', not: ['इस्तीफ़ा दे चुके', 'त्यागपत्र'] },
    ml: { word: 'രാജിവെച്ചു', stem: 'രാജിവെ', not: ['രാജിവച്ചു'] },
  },
  // a duty's status
  {
    concept: "Processing (a duty's status: under way)",
    en: /\bprocessing\b/i,
    exceptKeys: BILL_STATUS_KEYS,
    labels: ['duties.status.processing', 'duties.statusLabel.processing', 'admin.liveTrain.statuses.processing'],
    hi: { word: 'जारी', not: ['प्रगति में', 'प्रक्रिया में', 'प्रक्रियाधीन'] },
    ml: { word: 'നടക്കുന്നു', stem: 'നടക്കുന്ന', not: ['പുരോഗമിക്കുന്നു', 'പ്രോസസ്സിങ്', 'നടപടിയിൽ'] },
  },
  {
    concept: 'Live (a duty under way; Live Works, Live Duty)',
    en: /\blive\b/i,
    hi: { word: 'चालू', not: ['लाइव'] },
    ml: { word: 'നടക്കുന്ന', not: ['ലൈവ്', 'നടന്നുകൊണ്ടിരിക്കുന്ന', 'തുടരുന്ന'] },
  },
  {
    concept: 'Completed (a duty; Completed Works)',
    en: /\bcomplet(e|ed|ion)\b/i,
    labels: ['duties.status.completed', 'duties.statusLabel.completed', 'admin.liveTrain.statuses.completed'],
    hi: { word: 'पूरी हुई', stem: 'पूर', not: ['पूर्ण', 'समाप्त'] },
    ml: { word: 'പൂർത്തിയായി', stem: 'പൂർത്തിയ', not: ['തീർന്ന'] },
  },
  {
    concept: 'Works (the lists of duties: Live Works, Completed Works)',
    en: /\bWorks\b/,
    hi: { word: 'कार्य', not: ['काम'] },
    ml: { word: 'ജോലികൾ', not: ['പണികൾ'] },
  },
  // a bill's status
  {
    concept: "Processing (a bill's status)",
    en: /\bprocessing\b/i,
    keys: BILL_STATUS_KEYS,
    labels: ['bills.statuses.processing'],
    hi: { word: 'प्रक्रियाधीन', not: ['प्रक्रिया में', 'प्रगति में'] },
    ml: { word: 'നടപടിയിൽ', not: ['പ്രോസസ്സിങ്', 'പുരോഗമിക്കുന്നു'] },
  },
  {
    concept: "Passed to Division (a bill's status)",
    en: /\bpassed to division\b/i,
    labels: ['bills.statuses.passedToDivision'],
    hi: { word: 'मंडल को भेजा गया', not: ['डिवीज़न', 'डिवीजन'] },
    ml: { word: 'ഡിവിഷനിലേക്ക് അയച്ചു', not: ['വിഭാഗത്തിലേക്ക്'] },
  },
  {
    concept: "Accounts (a bill's status: with the accounts department)",
    en: /\bAccounts\b/,
    keys: BILL_STATUS_KEYS,
    labels: ['bills.statuses.accounts'],
    hi: { word: 'लेखा विभाग में', stem: 'लेखा', not: ['अकाउंट्स'] },
    ml: { word: 'അക്കൗണ്ട്സ് വിഭാഗത്തിൽ', stem: 'അക്കൗണ്ട്സ്', not: ['കണക്ക് വിഭാഗ'] },
  },
  {
    concept: "Bill Passed (a bill's status), passed bills",
    en: /\bbill passed\b|\bpassed\b(?! to division)/i,
    labels: ['bills.statuses.billPassed'],
    hi: { word: 'बिल पास हुआ', stem: 'पास', not: ['पारित', 'स्वीकृत'] },
    ml: { word: 'ബിൽ പാസായി', stem: 'പാസാ', not: ['പാസ്സാ', 'അംഗീകരിച്ച'] },
  },
  // roles and designations
  {
    concept: 'Supervisor',
    en: /\bsupervisors?\b/i,
    labels: ['admin.roles.supervisor', 'staff.designations.supervisor', 'duties.columns.supervisor'],
    hi: { word: 'सुपरवाइज़र', not: ['पर्यवेक्षक'] },
    ml: { word: 'സൂപ്പർവൈസർ', stem: 'സൂപ്പർവൈസ', not: ['മേൽനോട്ടക്കാര'] },
  },
  {
    concept: 'Manager',
    en: /\bmanagers?\b/i,
    labels: ['admin.roles.manager', 'staff.designations.manager'],
    hi: { word: 'मैनेजर', not: ['प्रबंधक'] },
    ml: { word: 'മാനേജർ', stem: 'മാനേജ', not: ['നടത്തിപ്പുകാര'] },
  },
  {
    concept: 'Admin',
    en: /\badmins?\b/i,
    labels: ['admin.roles.admin'],
    hi: { word: 'एडमिन', not: ['प्रशासक'] },
    ml: { word: 'അഡ്മിൻ', stem: 'അഡ്മി', not: ['അഡ്മിനിസ്ട്രേറ്റർ', 'ഭരണാധികാരി'] },
  },
  {
    concept: 'Designation (a worker’s post)',
    en: /\bdesignations?\b/i,
    exceptKeys: SPREADSHEET_COLUMNS,
    labels: ['staff.fields.designation', 'admin.audit.fields.designation', 'messages.fields.designation'],
    hi: { word: 'पद', not: ['पदनाम'] },
    ml: { word: 'തസ്തിക', not: ['പദവി'] },
  },
  // people
  {
    concept: 'Worker (one person of the cleaning staff)',
    en: /\bworkers?\b/i,
    hi: { word: 'कर्मचारी', stem: 'कर्मचार', not: ['श्रमिक', 'कामगार'] },
    ml: { word: 'തൊഴിലാളി', stem: 'തൊഴിലാളി', not: ['ജീവനക്കാര'] },
  },
  {
    concept: 'Staff (the people on the register)',
    en: /\bstaff\b/i,
    hi: { word: 'कर्मचारी', stem: 'कर्मचार', not: ['स्टाफ़', 'स्टाफ'] },
    ml: { word: 'ജീവനക്കാർ', stem: 'ജീവനക്കാ', not: ['സ്റ്റാഫ്'] },
  },
  {
    concept: 'Crew (the workers of one duty)',
    en: /\bcrew\b/i,
    labels: ['offline.crew'],
    hi: { word: 'दल', not: ['टीम'] },
    ml: { word: 'സംഘം', stem: 'സംഘ', not: ['ടീം'] },
  },
  {
    concept: 'Emp ID (the number the company gives a worker)',
    en: /\bEmp ID\b/i,
    labels: ['messages.columnEmpId', 'admin.audit.fields.empid', 'payroll.print.empid'],
    hi: { word: 'कर्मचारी आईडी', not: ['Emp ID', 'कर्मचारी संख्या'] },
    ml: { word: 'ജീവനക്കാരുടെ ഐഡി', stem: 'ഐഡി', not: ['Emp ID'] },
  },
  // work
  {
    concept: 'Work type (MCC, ACCA, BIO…)',
    en: /\bwork types?\b/i,
    labels: ['duties.workType', 'admin.workType', 'admin.accounts.workType', 'messages.fields.workType'],
    hi: { word: 'कार्य प्रकार', not: ['काम का प्रकार', 'कार्य का प्रकार'] },
    ml: { word: 'ജോലി തരം', stem: 'ജോലി തര', not: ['ജോലിയുടെ തരം'] },
  },
  {
    concept: 'Status (of a worker, a duty, a bill)',
    en: /\bstatus\b/i,
    hi: { word: 'स्थिति', not: ['हालत'] },
    ml: { word: 'നില', not: ['സ്ഥിതി'] },
  },
  {
    concept: 'Attendance',
    en: /\battendance\b/i,
    hi: { word: 'उपस्थिति', not: ['हाज़िरी', 'हाजिरी'] },
    ml: { word: 'ഹാജർ', stem: 'ഹാജ', not: ['അറ്റൻഡൻസ്'] },
  },
  {
    concept: "Wage (a worker's pay for a day's work; Wage Register, minimum wage)",
    en: /\bwages?\b/i,
    exceptKeys: SPREADSHEET_COLUMNS,
    hi: { word: 'वेतन', not: ['मज़दूरी', 'मजदूरी'] },
    ml: { word: 'വേതനം', stem: 'വേതന', not: ['കൂലി'] },
  },
  {
    concept: 'Primary (a duty type)',
    en: /\bprimary\b/i,
    labels: ['duties.dutyTypes.Primary', 'admin.liveTrain.types.Primary'],
    hi: { word: 'प्राथमिक', not: ['मुख्य'] },
    ml: { word: 'പ്രാഥമികം', stem: 'പ്രാഥമിക', not: ['പ്രധാന'] },
  },
  {
    concept: 'Secondary (a duty type)',
    en: /\bsecondary\b/i,
    labels: ['duties.dutyTypes.Secondary', 'admin.liveTrain.types.Secondary'],
    hi: { word: 'द्वितीयक', not: ['गौण'] },
    ml: { word: 'ദ്വിതീയം', stem: 'ദ്വിതീയ', not: ['രണ്ടാം'] },
  },
  // the public site's Contact and the signed-in chat's Connect are two things
  {
    concept: 'Contact (the public site: how to reach the company)',
    en: /\bcontact\b/i,
    labels: ['messages.footerContact'],
    hi: { word: 'संपर्क', not: ['बातचीत'] },
    ml: { word: 'ബന്ധപ്പെടുക', stem: 'ബന്ധപ്പെ', not: ['സംഭാഷണ'] },
  },
  {
    concept: 'Connect (the chat between staff, in the menu)',
    en: /^Connect$/,
    labels: ['messages.chatMenuLabel'],
    hi: { word: 'बातचीत', not: ['संपर्क'] },
    ml: { word: 'സംഭാഷണം', not: ['ബന്ധപ്പെടുക'] },
  },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the text has a word that starts with `part` (the words of a Hindi or Malayalam text, or Latin ones). */
export function hasWordStarting(text: string, part: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{M}])${escape(part)}`, 'u').test(text);
}
