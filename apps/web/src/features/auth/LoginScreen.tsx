import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Image,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { landingPathFor } from '../../config/navigation';
import { LOGIN_PATH } from '../../config/paths';
import { roleOf, sessionFromSignIn, useSession } from '../../lib/session';
import { login, loginErrorMessage } from './api/login';
import { generateCaptcha } from './captcha';
import classes from './LoginScreen.module.css';
import { checkSubmit, type LoginField, type LoginValues, validateField } from './login-form';
import { FIRST_LOAD_ERROR_MS, LOGIN_MESSAGES, LOGIN_REDIRECT_DELAY_MS } from './messages';
import { useGeolocation } from './use-geolocation';

type Status = 'idle' | 'loading' | 'success';

const EMPTY: LoginValues = { username: '', password: '', captcha: '' };

/** The login screen of spec sections 2, 5, 8 and 9. */
export function LoginScreen() {
  const navigate = useNavigate();
  const { notice, start, dismissNotice } = useSession();
  const [captcha] = useState(generateCaptcha); // a new number on each page load
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const { error: locationError } = useGeolocation();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errorListId = useId();
  const captchaId = useId();

  useEffect(() => {
    document.title = 'Login | Playrep Back Office';
    return () => clearTimeout(redirectTimer.current);
  }, []);

  // An error carried over from the last session (e.g. 'Logout failed.') clears after 1 second.
  useEffect(() => {
    if (notice?.tone !== 'error') return;
    const timer = setTimeout(dismissNotice, FIRST_LOAD_ERROR_MS);
    return () => clearTimeout(timer);
  }, [notice, dismissNotice]);

  const errors = [
    ...(notice?.tone === 'error' ? [notice.message] : []),
    fieldErrors.username,
    fieldErrors.password,
    fieldErrors.captcha,
    formError,
  ].filter((m, i, all): m is string => Boolean(m) && all.indexOf(m) === i);

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (fieldErrors[field] && !validateField(field, value)) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  const blur = (field: LoginField) => () => {
    setFieldErrors((e) => ({ ...e, [field]: validateField(field, values[field]) ?? undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    setFormError(null);
    const check = checkSubmit(values, captcha);
    if (!check.ok) {
      setFormError(check.message);
      return;
    }

    setStatus('loading');
    try {
      const result = await login({ username: check.username, password: check.password });
      const session = sessionFromSignIn(result);
      const landing = landingPathFor(roleOf(result));
      if (session && landing) start(session);
      setStatus('success');
      redirectTimer.current = setTimeout(() => {
        if (session && landing) {
          void navigate(landing, { replace: true });
        } else {
          // Missing or unknown role: back to the login screen (spec section 2).
          setValues(EMPTY);
          setStatus('idle');
          void navigate(LOGIN_PATH, { replace: true });
        }
      }, LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      setFormError(loginErrorMessage(error));
      setStatus('idle');
    }
  }

  const invalid = (field: LoginField) => Boolean(fieldErrors[field]);
  const describedBy = errors.length > 0 ? errorListId : undefined;

  return (
    <Center component="main" className={classes.page} id="main-content">
      <Paper component="section" withBorder shadow="sm" p="xl" radius="md" className={classes.card} aria-labelledby="login-title">
        <Stack gap="md">
          <Group gap="sm">
            <Image src="/logo.svg" alt="" w={40} h={40} />
            <Title order={1} size="h2" id="login-title">
              Login
            </Title>
          </Group>

          {notice?.tone === 'info' && (
            <Alert color="blue" withCloseButton closeButtonLabel="Dismiss message" onClose={dismissNotice}>
              {notice.message}
            </Alert>
          )}

          {errors.length > 0 && (
            <Alert color="red" role="alert" id={errorListId}>
              <List size="sm" spacing={4} className={classes.errors}>
                {errors.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}

          {status === 'success' && (
            <Alert color="green" role="status">
              {LOGIN_MESSAGES.success}
            </Alert>
          )}

          {locationError && (
            <Text size="sm" role="status" className={classes.location}>
              {locationError}
            </Text>
          )}

          <form onSubmit={submit} noValidate aria-label="Login">
            <Stack gap="sm">
              <TextInput
                label="User Name"
                name="username"
                autoComplete="username"
                withAsterisk
                aria-required
                value={values.username}
                onChange={change('username')}
                onBlur={blur('username')}
                error={invalid('username')}
                aria-invalid={invalid('username')}
                aria-describedby={describedBy}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                withAsterisk
                aria-required
                value={values.password}
                onChange={change('password')}
                onBlur={blur('password')}
                error={invalid('password')}
                aria-invalid={invalid('password')}
                aria-describedby={describedBy}
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              />
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <TextInput
                  className={classes.captchaInput}
                  label="Captcha"
                  name="captcha"
                  autoComplete="off"
                  inputMode="numeric"
                  withAsterisk
                  aria-required
                  value={values.captcha}
                  onChange={change('captcha')}
                  onBlur={blur('captcha')}
                  error={invalid('captcha')}
                  aria-invalid={invalid('captcha')}
                  aria-describedby={[captchaId, describedBy].filter(Boolean).join(' ')}
                />
                <Box id={captchaId} className={classes.captcha} data-testid="captcha-code">
                  {captcha}
                </Box>
              </Group>
              <Checkbox label="Remember Me" name="remember" />
              <Button type="submit" fullWidth disabled={status !== 'idle'}>
                {status === 'loading' ? 'Login...' : 'Login'}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
