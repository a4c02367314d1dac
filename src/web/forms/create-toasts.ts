import { notifications } from '@mantine/notifications';
import { ApiError, NetworkError } from '../api/client.js';
import { errorText } from '../api/error-text.js';
import { messageText as m, translateAnswer, type Answer, type MessageCode } from '../i18n/messages.js';

/**
 * SPEC §8's toasts after a create request (registration, a worker, a bill): 201 is the
 * success message (by its code), 200 the server's "already there" answer (with its own
 * message by the code it sent, if any), anything else a failure. Shown in the reader's
 * language (a toast is shown once, in the language of the moment).
 */
export function notifyCreated(status: number, success: MessageCode, answer?: Answer): void {
  if (status === 201) notifications.show({ color: 'green', message: m(success) });
  else if (status === 200) {
    const said = answer && answer.code !== 'alreadyRegistered' ? translateAnswer(answer) : '';
    notifications.show(said ? { color: 'yellow', title: m('alreadyRegistered'), message: said } : { color: 'yellow', message: m('alreadyRegistered') });
  } else notifications.show({ color: 'red', message: m('registrationFailed') });
}

/**
 * A create request that failed: the server's {msg} (by its code) under 'Registration
 * failed'; no answer: SPEC's 'Error during registration' with the one network-error text
 * (or the time limit's) saying why; anything else SPEC's 'Error during registration'.
 */
export function notifyCreateFailed(error: unknown): void {
  if (error instanceof ApiError) {
    notifications.show({ color: 'red', title: m('registrationFailed'), message: errorText(error, 'registrationFailed') });
  } else if (error instanceof NetworkError) {
    notifications.show({ color: 'red', title: m('registrationError'), message: errorText(error) });
  } else {
    notifications.show({ color: 'red', message: m('registrationError') });
  }
}
