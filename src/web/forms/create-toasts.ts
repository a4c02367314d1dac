import { notifications } from '@mantine/notifications';
import { MSG } from '../../shared/messages.js';
import { ApiError, NetworkError } from '../api/client.js';
import { errorText } from '../api/error-text.js';
import { translateMessage as m } from '../i18n/messages.js';

/**
 * SPEC §8's toasts after a create request (registration, a worker, a bill): 201 is the
 * success message, 200 the server's "already there" answer (with its own message, if any), anything else a failure.
 * Shown in the reader's language (a toast is shown once, in the language of the moment).
 */
export function notifyCreated(status: number, success: string, serverMessage?: string): void {
  if (status === 201) notifications.show({ color: 'green', message: m(success) });
  else if (status === 200) {
    notifications.show(
      serverMessage && serverMessage !== MSG.alreadyRegistered
        ? { color: 'yellow', title: m(MSG.alreadyRegistered), message: m(serverMessage) }
        : { color: 'yellow', message: m(MSG.alreadyRegistered) },
    );
  } else notifications.show({ color: 'red', message: m(MSG.registrationFailed) });
}

/**
 * A create request that failed: the server's {msg} under 'Registration failed'; no answer:
 * SPEC's 'Error during registration' with the one network-error text (or the time limit's)
 * saying why; anything else SPEC's 'Error during registration'.
 */
export function notifyCreateFailed(error: unknown): void {
  if (error instanceof ApiError) {
    notifications.show({ color: 'red', title: m(MSG.registrationFailed), message: m(error.message || MSG.registrationFailed) });
  } else if (error instanceof NetworkError) {
    notifications.show({ color: 'red', title: m(MSG.registrationError), message: errorText(error) });
  } else {
    notifications.show({ color: 'red', message: m(MSG.registrationError) });
  }
}
