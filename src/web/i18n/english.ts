import { MSG } from '../../shared/messages.js';
import restScreens from './locales/en.json?rest';
import { i18next, messageEntries } from './i18n.js';
import { knowAllMessages } from './messages.js';

/**
 * The rest of the English catalogue, beyond what the public site shows (decision 0029, "The
 * public pages within 150 KB"): en.json's other sections and all of MSG's messages. Loaded
 * with the screens after sign-in and the account forms, which import this module (the area
 * layouts, the top bar's Logout, the forgotten-password and registration pages): their
 * texts are in before any of them is drawn. In the `signed-in` chunk, which those load
 * anyway (vite.chunks.ts), so it costs no request of its own.
 */
i18next.addResourceBundle('en', 'translation', { ...restScreens, messages: messageEntries(MSG) }, true, true);
knowAllMessages(MSG);
