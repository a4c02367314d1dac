import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Input, Loader, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { registerBody, type RegisterBody } from '../../../shared/schemas/auth.js';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { fetchSetup, register } from '../../api/auth.js';
import { ApiError } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { fieldErrors } from '../../forms/field-errors.js';
import type { LoginRedirectState } from '../../layouts/access-guard-screen.js';
import { AuthCard } from './auth-card.js';
import { usePageMeta } from './page-meta.js';

const workOptions = WORK_TYPES.map((work) => ({ value: work, label: WORK_TYPE_SELECT_LABELS[work] }));

const emptyForm = { name: '', email: '', phone: '', work: '', password: '', confirmPassword: '', role: String(ROLE.supervisor) };
type Form = typeof emptyForm;

/**
 * SPEC §2 hidden registration page. On an empty installation it creates the first
 * manager without a session; afterwards only a signed-in manager or admin may register.
 */
export default function RegisterPage() {
  usePageMeta('Register · Dutyroll', 'Register an account for Dutyroll.');
  const { user, token } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const setup = useQuery({ queryKey: ['auth-setup'], queryFn: ({ signal }) => fetchSetup(signal) });
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  if (setup.isPending) {
    return (
      <Center mih="50vh">
        <Loader type="dots" />
      </Center>
    );
  }
  const firstAccount = setup.data?.needsFirstAccount === true;
  const actorRole = user?.role;
  const mayRegister = firstAccount || actorRole === ROLE.manager || actorRole === ROLE.admin;
  const roleOptions = [
    { value: String(ROLE.supervisor), label: 'Supervisor' },
    { value: String(ROLE.manager), label: 'Manager' },
    ...(actorRole === ROLE.admin ? [{ value: String(ROLE.admin), label: 'Admin' }] : []),
  ];

  const set = (field: keyof Form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: RegisterBody = {
      name: form.name,
      email: form.email,
      phone: form.phone,
      work: form.work || null,
      password: form.password,
      confirmPassword: form.confirmPassword,
      // The server makes the very first account a manager whatever is asked.
      ...(firstAccount ? {} : { role: Number(form.role) }),
    };
    const parsed = registerBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const answer = await register(body, firstAccount ? null : token);
      if (answer.status === 201) {
        notifications.show({ color: 'green', message: MSG.registered });
        setForm(emptyForm);
        if (firstAccount) {
          await setup.refetch();
          navigate('/login');
        }
      } else if (answer.status === 200) {
        notifications.show({ color: 'yellow', message: MSG.alreadyRegistered });
      } else {
        notifications.show({ color: 'red', message: MSG.registrationFailed });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        notifications.show({ color: 'red', title: MSG.registrationFailed, message: error.message || MSG.registrationFailed });
      } else {
        notifications.show({ color: 'red', message: MSG.registrationError });
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (!mayRegister) {
    return (
      <AuthCard title="Register an account">
        <Stack>
          <Alert color="yellow" variant="light">
            {MSG.registerNeedsSession}
          </Alert>
          <Button component={Link} to="/login" state={{ from: location.pathname } satisfies LoginRedirectState}>
            Login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={firstAccount ? 'Create the first manager' : 'Register an account'}
      subtitle={firstAccount ? 'No account exists yet. This one becomes the manager of the installation.' : undefined}
      width={560}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" autoComplete="name" value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name} required />
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
              required
            />
            <TextInput
              label="Phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={form.phone}
              onChange={(e) => set('phone')(e.currentTarget.value.replace(/\D/g, ''))}
              error={errors.phone}
            />
            <Select
              label="Work type"
              placeholder="Choose a work type"
              data={workOptions}
              value={form.work || null}
              onChange={(value) => set('work')(value ?? '')}
              error={errors.work}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          {firstAccount ? null : (
            <Input.Wrapper label="Role" error={errors.role} size="md">
              <SegmentedControl
                fullWidth
                mt={4}
                data={roleOptions}
                value={form.role}
                onChange={set('role')}
                aria-label="Role"
              />
            </Input.Wrapper>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
              error={errors.password}
              required
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword')(e.currentTarget.value)}
              error={errors.confirmPassword}
              required
            />
          </SimpleGrid>
          {setup.isError ? (
            <Text c="red.7" size="sm">
              {MSG.cannotReachServer}
            </Text>
          ) : null}
          <Button type="submit" size="md" loading={submitting}>
            Register
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
