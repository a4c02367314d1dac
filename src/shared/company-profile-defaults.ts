/**
 * The company profile an empty installation starts with, until an admin edits it. Kept
 * apart from the schema so that the public pages can import it without zod; it imports
 * nothing (company-profile.ts holds it to the schema's type, without an import circle).
 */
export const DEFAULT_COMPANY_PROFILE = {
  name: 'Dutyroll Services',
  shortName: 'Dutyroll',
  logo: null,
  phone: '+91 484 400 1998',
  email: 'contact@dutyroll.in',
  address: 'Kadavanthra, Kochi, Kerala 682020, India',
  established: 1998,
  satisfaction: 98,
  counters: { workers: 120, totalWork: 600, clients: 600, states: 15 },
  testimonials: [
    { name: 'Senior Section Engineer', role: 'Coaching Depot, Southern Railway', text: 'Rakes leave the pit line clean and on time. Their supervisors report every coach before we sign off.', rating: 5 },
    { name: 'Front Office Manager', role: 'Business hotel, Kochi', text: 'Linen comes back fresh and counted, week after week. We have not missed a turnover since we switched.', rating: 5 },
    { name: 'Chief Depot Officer', role: 'Running room, Ernakulam', text: 'Clean rooms and fresh bedrolls for every crew, at any hour. Dependable people.', rating: 4 },
    { name: 'Operations Head', role: 'Hospital laundry contract', text: 'The mechanized laundry handles our volumes without fuss, and the billing is always clear.', rating: 4 },
  ],
  faq: [
    {
      question: 'Which services do you provide?',
      answer: 'Mechanized laundry, bedroll (linen) management, housekeeping and mechanized cleaning of coaches, and running room services, for railways and hotels.',
    },
    {
      question: 'How do you work with railways?',
      answer: 'On contracts with the railway divisions: our supervisors record every train cleaned and every bedsheet supplied and returned, and the monthly bill follows from those records.',
    },
  ],
};
