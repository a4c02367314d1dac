import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { describeMessage } from '../../shared/message-template.js';
import { setLanguage } from './i18n.js';
import { issueText } from '../forms/field-errors.js';

/**
 * The shared schemas' messages (src/shared/schemas/*, the company profile) reach the reader
 * in their language by code, as the server's do: every message a MSG template builds for a
 * schema is known with its code, and every field it names is a MSG text (sent as its code).
 * The templates are watched while the schemas are built, so a field label that is not a MSG
 * text fails here.
 */
const calls: { key: string; args: unknown[]; text: string }[] = [];

/** Query parameters named as the API spells them ('before', 'after', 'staffId'): not translated. */
const API_NAMES = new Set(['before', 'after', 'staffId']);

beforeAll(async () => {
  for (const [key, fn] of Object.entries(MSG)) {
    if (typeof fn !== 'function') continue;
    // the template itself stays (its code and forms); only its calls are watched
    (MSG as unknown as Record<string, unknown>)[key] = Object.assign((...args: unknown[]) => {
      const text = (fn as (...values: unknown[]) => string)(...args);
      calls.push({ key, args, text });
      return text;
    }, fn);
  }
  await Promise.all(
    ['admin', 'auth', 'bills', 'chat', 'duties', 'payroll', 'payroll-settings', 'reports', 'staff', 'work-param'].map((name) => import(`../../shared/schemas/${name}.ts`)),
  );
  await import('../../shared/company-profile.js');
  await import('../../shared/api/index.js');
  await setLanguage('hi');
  return () => setLanguage('en');
});

describe("the shared schemas' messages", () => {
  it('are built while the schemas are (this test watches them)', () => {
    expect(calls.some((call) => call.key === 'tooLong')).toBe(true);
    expect(calls.some((call) => call.key === 'invalidCharacters')).toBe(true);
  });

  it('name only fields that are MSG texts', () => {
    const untranslated = [
      ...new Set(calls.flatMap((call) => call.args.filter((arg): arg is string => typeof arg === 'string' && !API_NAMES.has(arg) && describeMessage(arg) === undefined))),
    ];
    expect(untranslated).toEqual([]);
  });

  it('are each known with their code', () => {
    expect(calls.filter((call) => describeMessage(call.text)?.code !== call.key).map((call) => call.text)).toEqual([]);
  });

  it('are all recognised and translated', () => {
    const untranslated = [...new Set(calls.map((call) => call.text))].filter((text) => issueText(text) === text);
    expect(untranslated).toEqual([]);
  });
});
