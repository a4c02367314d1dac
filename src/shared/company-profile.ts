import { z } from 'zod';
import { text } from './schemas/input-rules.js';

/**
 * The company profile the public site shows (issue 3) and the admin edits (issue 8):
 * one schema for the API and the forms, and the defaults an empty installation starts
 * with.
 */
export const companyProfileSchema = z.object({
  name: text('Company name', { max: 100 }).min(1, 'Company name is required'),
  shortName: text('Short name', { max: 40 }).min(1, 'Short name is required'),
  /** a data: URL (PNG, JPEG, WebP or SVG) or null for the text logo */
  logo: z
    .string()
    .max(300_000, 'The logo must be smaller than 200 KB')
    .regex(/^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'The logo must be a PNG, JPEG, WebP or SVG image')
    .nullable(),
  phone: text('Phone', { max: 30 }).min(6, 'Phone is required'),
  email: z.email('Enter a valid email address').max(254),
  address: text('Address', { max: 300, multiline: true }).min(1, 'Address is required'),
  established: z.coerce.number().int().min(1900).max(2100),
  satisfaction: z.coerce.number().int().min(0).max(100),
  counters: z.object({
    workers: z.coerce.number().int().min(0).max(10_000_000),
    totalWork: z.coerce.number().int().min(0).max(10_000_000),
    clients: z.coerce.number().int().min(0).max(10_000_000),
    states: z.coerce.number().int().min(0).max(100),
  }),
  testimonials: z
    .array(
      z.object({
        name: text('Testimonial name', { max: 100 }).min(1),
        role: text('Testimonial role', { max: 100 }),
        text: text('Testimonial text', { max: 600, multiline: true }).min(1),
        rating: z.coerce.number().int().min(1).max(5),
      }),
    )
    .max(12),
  faq: z
    .array(
      z.object({
        question: text('FAQ question', { max: 200 }).min(1),
        answer: text('FAQ answer', { max: 1000, multiline: true }).min(1),
      }),
    )
    .max(20),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export { DEFAULT_COMPANY_PROFILE } from './company-profile-defaults.js';
