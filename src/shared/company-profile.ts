import { z } from 'zod';

/**
 * The company profile the public site shows (issue 3) and the admin edits (issue 8):
 * one schema for the API and the forms, and the defaults an empty installation starts
 * with.
 */
export const companyProfileSchema = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(100),
  shortName: z.string().trim().min(1, 'Short name is required').max(40),
  /** a data: URL (PNG, JPEG, WebP or SVG) or null for the text logo */
  logo: z
    .string()
    .max(300_000, 'The logo must be smaller than 200 KB')
    .regex(/^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'The logo must be a PNG, JPEG, WebP or SVG image')
    .nullable(),
  phone: z.string().trim().min(6, 'Phone is required').max(30),
  email: z.email('Enter a valid email address').max(254),
  address: z.string().trim().min(1, 'Address is required').max(300),
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
        name: z.string().trim().min(1).max(100),
        role: z.string().trim().max(100),
        text: z.string().trim().min(1).max(600),
        rating: z.coerce.number().int().min(1).max(5),
      }),
    )
    .max(12),
  faq: z.array(z.object({ question: z.string().trim().min(1).max(200), answer: z.string().trim().min(1).max(1000) })).max(20),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export { DEFAULT_COMPANY_PROFILE } from './company-profile-defaults.js';
