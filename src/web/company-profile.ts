import { useEffect, useMemo, useSyncExternalStore } from 'react';
// The logo and the first slide's picture are above the fold on every phone: inlined as
// data: URLs (about 1 KB each) so the first paint waits for no image request.
import builtInLogoUrl from './pages/public/images/logo.svg?inline';
import aboutImageUrl from './pages/public/images/about-depot.svg';
import bedrollImageUrl from './pages/public/images/service-bedroll.svg';
import housekeepingImageUrl from './pages/public/images/service-housekeeping.svg';
import laundryImageUrl from './pages/public/images/service-laundry.svg?inline';
import runningRoomImageUrl from './pages/public/images/service-running-room.svg';
import { API } from '../shared/api/addresses.js';
import type { publicCompanyProfile } from '../shared/api/admin.js';
import type { SuccessBody } from '../shared/api/contract.js';
import type { CompanyProfile as EditableCompanyProfile } from '../shared/company-profile.js';
import { DEFAULT_COMPANY_PROFILE } from '../shared/company-profile-defaults.js';
import { SITE_MSG } from '../shared/site-messages.js';
import { DEFAULT_APP_TZ } from '../shared/time.js';
import { call } from './api/call.js';

/**
 * The company's public details: every name, number and sentence about the company that
 * the public site, the top bar and the footer show comes from here, never from a literal
 * in a component. Plain data (strings, numbers, arrays, no functions).
 *
 * The part an admin edits (issue 8: GET /company-profile, PUT /admin/company-profile) has
 * exactly the shape of src/shared/company-profile.ts and its defaults come from
 * src/shared/company-profile-defaults.ts. Only the schema module's type is imported: it
 * builds zod schemas, and zod must stay out of the JavaScript every public page loads
 * (the 150 KB budget for /). The rest is the site's own content.
 */
export interface CompanyProfile extends EditableCompanyProfile {
  /** One line under the name: what the company does. */
  tagline: string;
  /** When the office answers, on the contact page. */
  officeHours: string;
  /** SPEC §1: the four services of the banner, in banner order. */
  services: Service[];
  about: AboutSection;
  whyChooseUs: Highlight[];
}

export type Counters = EditableCompanyProfile['counters'];
/** SPEC §1: a sample testimonial; rating is the number of stars (4 or 5 in the defaults). */
export type Testimonial = EditableCompanyProfile['testimonials'][number];
export type FaqEntry = EditableCompanyProfile['faq'][number];

export interface CompanyImage {
  src: string;
  /** Intrinsic size, so the page reserves the space before the image arrives. */
  width: number;
  height: number;
  /** Empty for a decorative image. */
  alt: string;
}

export interface Service {
  title: string;
  summary: string;
  image: CompanyImage;
}

export interface Highlight {
  title: string;
  text: string;
}

interface AboutSection {
  /** The opening paragraph; on /about and in the home page's About Us section. */
  intro: string;
  /** SPEC §2 /about: what the company does, one line each. */
  services: Highlight[];
  /** SPEC §2 /about: 'Professional and Creative Staff' and 'On-time Services'. */
  items: Highlight[];
  image: CompanyImage;
}

/** The built-in logo, shown while the profile's `logo` is null (no uploaded logo). */
const builtInLogo: CompanyImage = { src: builtInLogoUrl, width: 36, height: 36, alt: '' };

const serviceImage = (src: string): CompanyImage => ({ src, width: 480, height: 360, alt: '' });

/** The defaults, until an admin edits them: the shared defaults and the site's own content. */
export const companyProfile: CompanyProfile = {
  ...DEFAULT_COMPANY_PROFILE,
  tagline: 'Linen, laundry, housekeeping and mechanized cleaning for railways and hotels',
  officeHours: 'Monday to Saturday, 9 am to 6 pm. Our supervisors are on duty round the clock.',
  services: [
    {
      title: 'Mechanized Laundry Services',
      summary: 'Linen washed, dried, ironed and packed in our mechanized laundries, set up and run on a build-own-operate-transfer basis.',
      image: serviceImage(laundryImageUrl),
    },
    {
      title: 'Bedroll Management Services',
      summary: 'Clean, sealed bedrolls for every AC coach: counted out at the depot, counted back at the end of the journey.',
      image: serviceImage(bedrollImageUrl),
    },
    {
      title: 'Housekeeping Services',
      summary: 'Onboard housekeeping for long-distance trains and daily housekeeping for hotel rooms, by trained crews.',
      image: serviceImage(housekeepingImageUrl),
    },
    {
      title: 'Running Room Services',
      summary: 'Rest rooms for loco pilots and guards kept clean, stocked and ready between duties, day and night.',
      image: serviceImage(runningRoomImageUrl),
    },
  ],
  about: {
    intro:
      'Established in 1998, we look after the linen and cleanliness of trains and hotels. What began as one laundry for one coaching depot now serves railway divisions and hotels across India.',
    services: [
      { title: 'Mechanized laundry', text: 'Laundries built, owned, operated and in time transferred to the client: the build-own-operate-transfer basis.' },
      { title: 'Linen management', text: 'Bedsheets, pillow covers, blankets and towels tracked from the depot store to the coach and back.' },
      { title: 'Room services', text: 'Running rooms and hotel rooms cleaned, made up and restocked to a checklist.' },
      { title: 'Mechanized cleaning', text: 'Coaches, toilets and pit lines cleaned with machines, on time for every departure.' },
      { title: 'Onboard housekeeping', text: 'Housekeeping crews on board for railways and in-house for hotels.' },
    ],
    items: [
      { title: 'Professional and Creative Staff', text: 'Supervisors and crews trained on the job and on the machines, who find better ways to do it.' },
      { title: 'On-time Services', text: 'Every train leaves with clean linen and clean coaches: we plan our shifts around the timetable.' },
    ],
    image: { src: aboutImageUrl, width: 480, height: 360, alt: 'A laundry building beside a railway line, with a train passing' },
  },
  whyChooseUs: [
    { title: 'Experience since 1998', text: 'More than twenty-five years of railway and hotel contracts, renewed year after year.' },
    { title: 'Mechanized and hygienic', text: 'Industrial washers, dryers and ironers with a fixed process for every load.' },
    { title: 'Trained, accountable crews', text: 'Every worker registered, trained and supervised; every duty recorded as it is done.' },
    { title: 'Around the clock', text: 'Supervisors on the platform and at the pit line for every train, day and night.' },
  ],
};

/** The phone number as a tel: link (digits and the leading plus only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The postal address as lines (it is kept as one comma-separated line), for the contact page and the footer. */
export function addressLines(address: string): string[] {
  return address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** SPEC §9 counters in display order, with their SPEC labels. */
export function counterList(counters: Counters): { label: string; value: number }[] {
  return [
    { label: SITE_MSG.counterLabels.workers, value: counters.workers },
    { label: SITE_MSG.counterLabels.totalWork, value: counters.totalWork },
    { label: SITE_MSG.counterLabels.clients, value: counters.clients },
    { label: SITE_MSG.counterLabels.states, value: counters.states },
  ];
}

/** The logo to show: the uploaded one (a data: URL) or the built-in mark. */
export function logoOf(profile: Pick<CompanyProfile, 'logo' | 'shortName'>): CompanyImage {
  return profile.logo ? { ...builtInLogo, src: profile.logo } : builtInLogo;
}

// ---- the live profile: defaults first, then what the admin saved (GET /company-profile) ----

const EDITABLE_KEYS = ['name', 'shortName', 'logo', 'phone', 'email', 'address', 'established', 'satisfaction', 'counters', 'testimonials', 'faq'] as const;

type SavedProfile = SuccessBody<typeof publicCompanyProfile>;

/**
 * The query key of GET /company-profile in the query cache: the admin's screen
 * (features/admin/api.ts) reads and refreshes it there, through `readCompanyProfile`, so a
 * saved change shows on the public pages at once.
 */
export const companyProfileKey = ['company-profile'] as const;

/**
 * The saved profile as the public pages, the top bar and the footer show it. Not in the
 * query cache: the public pages do not carry the query library (decision 0029, "The public
 * pages within 150 KB"), so this small store does for this one read what the cache did:
 * each page that shows it reads it again when it opens if the last answer is more than a
 * few seconds old (and when the connection comes back), one read at a time, a failed read
 * tried once more after a second, and keeps what it shows when the reads fail.
 */
const STALE_AFTER_MS = 3000;
const RETRY_AFTER_MS = 1000;
let saved: SavedProfile | undefined;
let savedAt = 0;
let reading: Promise<SavedProfile> | null = null;
const listeners = new Set<() => void>();

function keep(answer: SavedProfile): SavedProfile {
  savedAt = Date.now();
  // the same answer keeps the same object, so nothing is drawn again for it
  if (saved === undefined || JSON.stringify(answer) !== JSON.stringify(saved)) {
    saved = answer;
    listeners.forEach((listener) => listener());
  }
  return saved;
}

/**
 * GET /company-profile, through the address table like every call (no schema: the server
 * checks its answer); the answer is what every page shows from then on. The admin's
 * company profile screen reads with it too.
 */
export async function readCompanyProfile(signal?: AbortSignal): Promise<SavedProfile> {
  return keep(await call(API.publicCompanyProfile, { signal }));
}

/** Reads the profile again unless a read is on its way or the last answer is recent. */
function refreshIfStale(): void {
  if (reading || Date.now() - savedAt < STALE_AFTER_MS) return;
  const once = () => readCompanyProfile();
  reading = once()
    .catch(() => new Promise<SavedProfile>((resolve, reject) => setTimeout(() => once().then(resolve, reject), RETRY_AFTER_MS)))
    .finally(() => {
      reading = null;
    });
  // a read that failed twice leaves what is shown as it is
  reading.catch(() => {});
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('online', refreshIfStale);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('online', refreshIfStale);
  };
}

/** The site's profile with what the admin saved laid over the defaults. */
function withSaved(answer: SavedProfile | undefined): CompanyProfile {
  if (!answer) return companyProfile;
  const next = { ...companyProfile } as Record<string, unknown>;
  for (const key of EDITABLE_KEYS) if (key in answer) next[key] = answer[key];
  return next as unknown as CompanyProfile;
}

function useSavedProfile(): SavedProfile | undefined {
  useEffect(refreshIfStale, []);
  return useSyncExternalStore(
    subscribe,
    () => saved,
    () => undefined,
  );
}

/**
 * The company profile to show: the defaults at once, then the saved one. Each page that
 * shows it reads it again when it opens (at most every few seconds), so an admin's change
 * shows on the public pages at once.
 */
export function useCompanyProfile(): CompanyProfile {
  const answer = useSavedProfile();
  return useMemo(() => withSaved(answer), [answer]);
}

/**
 * The company's time zone (the server's APP_TZ), in which its days and months are told;
 * until the server has answered, the zone APP_TZ defaults to.
 */
export function useCompanyTimeZone(): string {
  return useSavedProfile()?.timeZone || DEFAULT_APP_TZ;
}
