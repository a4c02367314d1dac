import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_PROFILE, companyProfileSchema } from '../shared/company-profile.js';
import { addressLines, companyProfile, counterList } from './company-profile.js';

describe('the public site company profile', () => {
  it('has exactly the shared defaults for everything an admin edits', () => {
    const editable = Object.fromEntries(Object.keys(DEFAULT_COMPANY_PROFILE).map((key) => [key, companyProfile[key as keyof typeof companyProfile]]));
    expect(editable).toEqual(DEFAULT_COMPANY_PROFILE);
    expect(companyProfileSchema.safeParse(editable).success).toBe(true);
  });

  it('carries the SPEC §1, §2 and §9 company facts', () => {
    expect(companyProfile.established).toBe(1998);
    expect(companyProfile.satisfaction).toBe(98);
    expect(counterList(companyProfile.counters)).toEqual([
      { label: 'Workers', value: 120 },
      { label: 'Total Work', value: 600 },
      { label: 'Clients', value: 600 },
      { label: 'States', value: 15 },
    ]);
    expect(companyProfile.services.map((service) => service.title)).toEqual([
      'Mechanized Laundry Services',
      'Bedroll Management Services',
      'Housekeeping Services',
      'Running Room Services',
    ]);
    expect(companyProfile.testimonials).toHaveLength(4);
    for (const testimonial of companyProfile.testimonials) expect([4, 5]).toContain(testimonial.rating);
    expect(companyProfile.faq).toHaveLength(2);
    expect(companyProfile.about.items.map((item) => item.title)).toEqual(['Professional and Creative Staff', 'On-time Services']);
    expect(addressLines(companyProfile.address)).toContain('Kerala 682020');
  });
});
