import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OTP_DIGITS, PASSWORD_MIN, RESET_REDIRECT_MS } from '../../../shared/limits.js';
import { authRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { requestResetCode, resetPassword, verifyResetCode } from '../../api/auth.js';
import { errorText } from '../../api/error-text.js';
import { fieldErrors } from '../../forms/field-errors.js';
// English beyond the public site's texts, in before this page is drawn (i18n/english.ts)
import '../../i18n/english.js';
import { LanguageSwitch } from '../../i18n/language-switch.js';
import { messageText, translateAnswer, useMessages, type Answer, type MessageCode } from '../../i18n/messages.js';
import { AuthCard } from './auth-card.js';
import { usePageMeta } from './page-meta.js';

type Step = 'email' | 'otp' | 'password' | 'done';
/**
 * What the page says under the form: the server's answer, or the failed call (with the
 * step's SPEC text as its fallback), kept as they came and put in words while rendering,
 * by their codes, so a language change re-renders them.
 */
type Notice =
  | { tone: 'success'; answer: Answer; otherwise?: MessageCode }
  | { tone: 'error'; error: unknown; fallback: MessageCode };

function noticeText(notice: Notice): string {
  if (notice.tone === 'error') return errorText(notice.error, notice.fallback);
  return translateAnswer(notice.answer) || (notice.otherwise ? messageText(notice.otherwise) : '');
}

/**
 * SPEC §2 /forget: three steps on one page. The e-mail, then the code field appears,
 * then the new-password field; 2 seconds after success, /login.
 */
export default function ForgetPage() {
  const { t } = useTranslation();
  useMessages(); // the notice below is put in words while rendering: a language change re-renders it
  usePageMeta(`${t('auth.forgotPasswordTitle')} · Dutyroll`, t('auth.forgotPasswordDescription'));
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  // the ticket verifyotp answered: kept in memory only, and sent back with the new password
  const [resetToken, setResetToken] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  useRulesSoon(authRules);
  /** The reset's rules (form-rules.ts), or null with a notice when they could not load. */
  const rules = () => rulesOr(authRules, (error) => setNotice({ tone: 'error', error, fallback: 'serverError' }));

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    const auth = await rules();
    if (!auth) return;
    const parsed = auth.forgetBody.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    await run(async () => {
      try {
        const answer = await requestResetCode(parsed.data.email);
        setNotice({ tone: 'success', answer });
        setOtp('');
        setStep('otp');
      } catch (error) {
        setNotice({ tone: 'error', error, fallback: 'userNotFound' });
      }
    });
  }

  async function checkCode(event: FormEvent) {
    event.preventDefault();
    const auth = await rules();
    if (!auth) return;
    const parsed = auth.verifyOtpBody.safeParse({ email, otp });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    await run(async () => {
      try {
        const answer = await verifyResetCode(parsed.data.email, parsed.data.otp);
        setResetToken(answer.resetToken);
        setNotice({ tone: 'success', answer });
        setStep('password');
      } catch (error) {
        setNotice({ tone: 'error', error, fallback: 'invalidOtp' });
      }
    });
  }

  async function saveNewPassword(event: FormEvent) {
    event.preventDefault();
    const auth = await rules();
    if (!auth) return;
    const parsed = auth.resetPasswordBody.safeParse({ email, newPassword });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    await run(async () => {
      try {
        const answer = await resetPassword(parsed.data.email, parsed.data.newPassword, resetToken);
        setNotice({ tone: 'success', answer, otherwise: 'resetSuccess' });
        setStep('done');
      } catch (error) {
        setNotice({ tone: 'error', error, fallback: 'resetFailed' });
      }
    });
  }

  function startOver() {
    setStep('email');
    setOtp('');
    setNewPassword('');
    setResetToken(undefined);
    setNotice(null);
    setErrors({});
  }

  const onSubmit = step === 'email' ? sendCode : step === 'otp' ? checkCode : saveNewPassword;
  const submitLabel = step === 'email' ? t('auth.sendOtp') : step === 'otp' ? t('auth.verifyOtp') : t('auth.resetPassword');

  return (
    <AuthCard title={t('auth.forgotPasswordTitle')} subtitle={t('auth.forgotPasswordSubtitle', { digits: OTP_DIGITS })} corner={<LanguageSwitch />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            readOnly={step !== 'email'}
            required
            autoFocus
          />
          {step !== 'email' ? (
            <TextInput
              label={t('auth.otp')}
              description={t('auth.otpDescription', { digits: OTP_DIGITS })}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={OTP_DIGITS}
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, ''))}
              error={errors.otp}
              readOnly={step !== 'otp'}
              required
              autoFocus
            />
          ) : null}
          {step === 'password' || step === 'done' ? (
            <PasswordInput
              label={t('auth.newPassword')}
              description={t('auth.newPasswordDescription', { min: PASSWORD_MIN })}
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
              error={errors.newPassword}
              readOnly={step === 'done'}
              required
              autoFocus
            />
          ) : null}
          {notice ? (
            <Text size="sm" fw={500} c={notice.tone === 'success' ? 'green.8' : 'red.8'} role={notice.tone === 'error' ? 'alert' : 'status'}>
              {noticeText(notice)}
            </Text>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={busy} disabled={step === 'done'}>
            {submitLabel}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/login" size="sm">
              {t('auth.backToLogin')}
            </Anchor>
            {step === 'otp' || step === 'password' ? (
              <Anchor component="button" type="button" size="sm" onClick={startOver}>
                {t('auth.startOver')}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
