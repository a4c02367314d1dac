import type { TestProject } from 'vitest/node';
import { buildEmbeddedTemplate } from '../helpers/embedded-template.js';

/**
 * The component tests' API runs on in-memory PGlite whatever DATABASE_URL says (decision
 * 0025): each startApi() starts from the dump of one database migrated here, once per run
 * (test/helpers/embedded-template.ts, decision 0034).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await buildEmbeddedTemplate();
  project.provide('embeddedTemplate', template.file);
  return template.remove;
}
