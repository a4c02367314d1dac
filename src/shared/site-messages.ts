import { indexMessages, template } from './message-template.js';

/**
 * The texts of MSG (messages.ts) that the public site shows — its pages, sign-in, the
 * error screens and the network's failures — kept apart so the web app's first download
 * holds these and not the signed-in screens' texts (decision 0029, "The public pages within
 * 150 KB"). MSG includes every entry here under the same code: the server, the schemas and
 * the signed-in screens use MSG as before; the public site's code imports SITE_MSG, and
 * what it may show is what this object holds. Same rules as MSG: SPEC's words as they are,
 * ours marked, no two entries with the same words.
 */
export const SITE_MSG = {
  // §8 login
  loginSuccess: 'Login successfully',
  loginFailed: 'Login failed',
  somethingWentWrong: 'Something went wrong',

  // §2 404
  pageNotFound: 'Page Not Found',
  goBack: 'Go Back',

  // §1 and §2 public site: layout, home, about, contact, policy
  navHome: 'Home',
  navAbout: 'About',
  login: 'Login',
  footerContact: 'Contact',
  copyright: template<[year: number, company: string]>('© {{0}} {{1}}. All rights reserved.'),
  ourServices: 'Our Services',
  aboutUs: 'About Us',
  since: template<[year: number]>('Since {{0}}'),
  establishedIn: template<[year: number]>('Established in {{0}}'),
  clientSatisfaction: 'Client satisfaction',
  whyChooseUs: 'Why Choose Us',
  counterLabels: { workers: 'Workers', totalWork: 'Total Work', clients: 'Clients', states: 'States' },
  testimonials: 'Testimonials',
  faq: 'Frequently Asked Questions',
  contactUs: 'Contact Us',
  privacyPolicy: 'Privacy Policy',
  policySections: {
    collected: 'Information We Collect',
    use: 'How We Use Information',
    sharing: 'Sharing of Information',
    security: 'Data Security',
    rights: 'Your Data Rights',
    changes: 'Changes to This Policy',
  },
  // ours: carousel and strip controls
  previousSlide: 'Previous service',
  nextSlide: 'Next service',
  showSlide: template<[index: number, title: string]>('Show slide {{0}}: {{1}}'),
  slideOf: template<[index: number, count: number]>('{{0}} of {{1}}'),
  pauseRotation: 'Pause rotation',
  resumeRotation: 'Resume rotation',
  previousTestimonials: 'Previous testimonials',
  nextTestimonials: 'Next testimonials',
  starsOutOf5: template<[stars: number]>('Rated {{0}} out of 5'),

  // ours: API errors the error screens show
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Please try again.',
  // ours: web app, a call without an answer
  cannotReachServer: 'Cannot reach the server. Check your connection and try again.',
  requestTimedOut: 'The server did not answer in time. Check your connection and try again.',
} as const;

indexMessages(SITE_MSG);
