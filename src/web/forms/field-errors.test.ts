import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { stateBody } from '../../shared/schemas/admin.js';
import { createChatBody } from '../../shared/schemas/chat.js';
import { setLanguage } from '../i18n/i18n.js';
import hi from '../i18n/locales/hi.json' with { type: 'json' };
import { fieldErrors, readForm } from './field-errors.js';

describe("a form's messages from the shared schemas", () => {
  afterAll(() => setLanguage('en'));

  it('are English, exactly as MSG has them, in English', async () => {
    await setLanguage('en');
    expect(readForm(createChatBody, { text: '' })).toEqual({ ok: false, message: MSG.chatEmpty });
    const parsed = stateBody.safeParse({ name: 'Ker\u0007ala' });
    expect(parsed.success || fieldErrors(parsed.error)).toEqual({ name: MSG.invalidCharacters('State name') });
  });

  describe('in Hindi', () => {
    beforeAll(() => setLanguage('hi'));

    it('are in Hindi, the field a message names included', () => {
      expect(readForm(createChatBody, { text: '' })).toEqual({ ok: false, message: hi.messages.chatEmpty });
      const parsed = stateBody.safeParse({ name: 'Ker\u0007ala' });
      expect(parsed.success || fieldErrors(parsed.error)).toEqual({
        name: hi.messages.invalidCharacters.replace('{{0}}', hi.messages.fields.stateName),
      });
      const empty = stateBody.safeParse({ name: '' });
      expect(empty.success || fieldErrors(empty.error)).toEqual({ name: hi.messages.stateNameRequired });
    });
  });
});
