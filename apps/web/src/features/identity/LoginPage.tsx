import { ACCESS_PAGES, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@playrep/contracts';
import {
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { landingPathFor } from '../../config/navigation';
import { TWO_STEP_PATH } from '../../config/paths';
import { saveLanguage } from '../../lib/i18n/account-language';
import { chooseLanguage, useLanguage } from '../../lib/i18n/language';
import { signInMessage, signInText, useSignInMessages } from '../../lib/i18n/text';
import { roleOf, sessionFromSignIn, useSession } from '../../lib/session';
import { textField } from '../../lib/text-field';
import { login, loginErrorMessage } from './api/login';
import { generateCaptcha } from './components/captcha';
import { checkSubmit, type LoginField, type LoginValues, validateField } from './components/login-form';
import { FIRST_LOAD_ERROR_MS, LOGIN_REDIRECT_DELAY_MS } from './components/messages';
import { useGeolocation } from './components/use-geolocation';
import classes from './LoginPage.module.css';

type Status = 'idle' | 'loading' | 'success';

const EMPTY: LoginValues = { username: '', password: '', captcha: '' };

export interface LoginPageProps {
  /** Moves to the user's landing page, a second after the sign-in succeeded. */
  onNavigate: (path: string) => void;
  /** Called as soon as a sign-in succeeded: the caller may start loading the landing page's code. */
  onSignedIn?: () => void;
}

/**
 * The sign-in screen (docs/screens.md, Sign-in). It is the first page most visits load, before
 * the rest of the app (boot.tsx): plain elements and its own stylesheet, no component library,
 * router or schema code, so that it stays small and fast on a phone.
 */
export function LoginPage({ onNavigate, onSignedIn }: LoginPageProps) {
  const { notice, start, dismissNotice } = useSession();
  const [captcha] = useState(generateCaptcha); // a new number on each page load
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const { error: locationError } = useGeolocation();
  // Two-step sign-in: once the server asked for the code, the form shows its field and sends it along.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errorListId = useId();
  const captchaId = useId();
  const ids = { username: useId(), password: useId(), captcha: useId(), remember: useId(), code: useId(), language: useId() };
  const t = useSignInMessages();
  const language = useLanguage();
  // A language chosen on this page is the person's new choice: the account takes it at sign-in.
  const chosenHere = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('login.documentTitle');
  }, [language]);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // A message carried over from the last session ('Logout failed.', the session expired) is the
  // error message on first load: it clears after 1 second.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismissNotice, FIRST_LOAD_ERROR_MS);
    return () => clearTimeout(timer);
  }, [notice, dismissNotice]);

  const errors = [notice?.message, fieldErrors.username, fieldErrors.password, fieldErrors.captcha, formError].filter(
    (m, i, all): m is string => Boolean(m) && all.indexOf(m) === i,
  );

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
      const typedCode = codeAsked && code.trim() !== '' ? { code: code.trim() } : {};
      const result = await login({ username: check.username, password: check.password, ...typedCode });
      const session = sessionFromSignIn(result);
      // The account's language from now on: the one chosen here, else the account's own.
      if (chosenHere.current && result.language !== language) void saveLanguage(language).catch(() => undefined);
      else if (isLanguage(result.language)) void chooseLanguage(result.language);
      // A role that must use two-step sign-in sets it up first (REQUIRE_TWO_STEP).
      const landing = result.twoStepSetupRequired ? TWO_STEP_PATH : landingPathFor(roleOf(result));
      if (session && landing) {
        start(session);
        onSignedIn?.();
      }
      setStatus('success');
      redirectTimer.current = setTimeout(() => {
        if (session && landing) {
          onNavigate(landing);
        } else {
          // Missing or unknown role: back to an empty login screen (docs/screens.md, Sign-in).
          setValues(EMPTY);
          setStatus('idle');
        }
      }, LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      const message = loginErrorMessage(error);
      if (message === signInMessage('login.codeNeeded') || message === signInMessage('login.wrongCode')) setCodeAsked(true);
      setCode('');
      setFormError(message);
      setStatus('idle');
    }
  }

  const describedBy = errors.length > 0 ? errorListId : undefined;
  const input = (field: LoginField) => ({
    id: ids[field],
    name: field,
    value: values[field],
    onChange: change(field),
    onBlur: blur(field),
    required: true,
    'aria-invalid': Boolean(fieldErrors[field]),
    'aria-describedby': describedBy,
    className: classes.input,
  });

  return (
    <main className={classes.page} id="main-content">
      <section className={classes.card} aria-labelledby="login-title">
        <div className={classes.heading}>
          <img src="/logo.svg" alt="" width={40} height={40} />
          <h1 id="login-title" className={classes.title}>
            {t('login.title')}
          </h1>
        </div>

        <div className={classes.field}>
          <label htmlFor={ids.language} className={classes.label}>
            {t('language.label')}
          </label>
          <select
            id={ids.language}
            name="language"
            className={classes.input}
            value={language}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (!isLanguage(next)) return;
              chosenHere.current = true;
              void chooseLanguage(next);
            }}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code} translate="no">
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>

        {errors.length > 0 && (
          <div role="alert" id={errorListId} className={classes.errors}>
            <ul>
              {errors.map((message) => (
                <li key={message}>{signInText(message)}</li>
              ))}
            </ul>
          </div>
        )}

        {status === 'success' && (
          <div role="status" className={classes.success}>
            {t('login.success')}
          </div>
        )}

        {locationError && (
          <p role="status" className={classes.location}>
            {signInText(locationError)}
          </p>
        )}

        <form onSubmit={submit} noValidate aria-label={t('login.title')} className={classes.form}>
          <Field id={ids.username} label={t('login.username')}>
            <input {...input('username')} type="text" autoComplete="username" />
          </Field>
          <Field id={ids.password} label={t('login.password')}>
            <PasswordBox {...input('password')} revealLabel={t('login.showPassword')} />
          </Field>
          {codeAsked && (
            <Field id={ids.code} label={t('login.code')}>
              <input
                id={ids.code}
                name="code"
                {...textField(code, setCode)}
                required
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-describedby={describedBy}
                className={classes.input}
              />
            </Field>
          )}
          <div className={classes.captchaRow}>
            <Field id={ids.captcha} label={t('login.captcha')}>
              <input
                {...input('captcha')}
                type="text"
                autoComplete="off"
                inputMode="numeric"
                aria-describedby={[captchaId, describedBy].filter(Boolean).join(' ')}
              />
            </Field>
            <div id={captchaId} className={classes.captcha} data-testid="captcha-code">
              {captcha}
            </div>
          </div>
          <div className={classes.remember}>
            <input id={ids.remember} type="checkbox" name="remember" className={classes.checkbox} />
            <label htmlFor={ids.remember}>{t('login.remember')}</label>
          </div>
          <button type="submit" className={classes.submit} disabled={status !== 'idle'}>
            {status === 'loading' ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className={classes.forgot}>
          <a href={ACCESS_PAGES.forgot}>{t('login.forgot')}</a>
        </p>
      </section>
    </main>
  );
}

/** A labelled field; the asterisk marks it required for the eye only (the input says so itself). */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      {children}
    </div>
  );
}

/** The password input with a button that shows or hides what was typed. */
function PasswordBox({ revealLabel, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { revealLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={classes.passwordBox}>
      <input {...props} type={visible ? 'text' : 'password'} autoComplete="current-password" />
      <button
        type="button"
        className={classes.reveal}
        aria-label={revealLabel}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="12" r="3" fill={visible ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </div>
  );
}
