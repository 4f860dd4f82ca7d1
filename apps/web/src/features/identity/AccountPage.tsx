import { Anchor, Button, NativeSelect, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import type { ActivityRow, MyAccountResponse } from '@playrep/contracts';
import { FIELD_LABELS, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@playrep/contracts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/report/PageFrame';
import { Outcome, SideScroll } from '../../components/ui';
import { screensFor } from '../../config/navigation';
import { screenPath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { saveLanguage } from '../../lib/i18n/account-language';
import { DataText } from '../../lib/i18n/data-text';
import { chooseLanguage } from '../../lib/i18n/language';
import { useMessages } from '../../lib/i18n/messages';
import { textField } from '../../lib/text-field';
import { useChangePassword, useMyAccount } from './api/access';
import { type NewPassword, NewPasswordFields } from './components/NewPasswordFields';
import { ROLE_NAMES } from './components/role-names';

/**
 * The account page (every role, from the name in the header; docs/domain.md, "Access"): name,
 * role, parent, the sign-in before this one (time, address, device), the wrong passwords and wrong two-step codes typed
 * since, the password, the sections other features give it (app/AccountRoute.tsx: two-step
 * sign-in, the email address with the weekly statement setting) and the account's recent activity.
 */
export default function AccountPage({ children }: { children?: ReactNode }) {
  const account = useMyAccount();
  const data = account.data;
  const { t } = useMessages();
  return (
    <PageFrame title={t('account.title')} loading={account.isFetching} error={account.error ? errorMessage(account.error) : null}>
      {data && (
        <Stack gap="lg">
          <Stack gap={4} component="section" aria-labelledby="account-facts-title">
            <Title order={2} size="h4" id="account-facts-title">
              {t('account.facts')}
            </Title>
            <Text>
              <span translate="no">{data.username}</span> ·{' '}
              <span translate="no">{[data.firstName, data.lastName].filter(Boolean).join(' ')}</span> · {t(ROLE_NAMES[data.role])}
              {data.parent && (
                <>
                  {' · '}
                  <DataText id="account.parent" data={{ parent: data.parent }} />
                </>
              )}
            </Text>
            <Text size="sm">
              {data.lastSignIn ? (
                <DataText
                  id={data.lastSignIn.device ? 'account.lastSignInDevice' : 'account.lastSignIn'}
                  data={{
                    at: formatDateTime(data.lastSignIn.at),
                    address: data.lastSignIn.address,
                    device: data.lastSignIn.device ?? '',
                  }}
                />
              ) : (
                t('account.firstSignIn')
              )}{' '}
              {t('account.failures', { failed: data.failedSince, codes: data.wrongCodesSince })}
            </Text>
          </Stack>
          <LanguageSection />
          <ChangePasswordSection username={data.username} />
          {children}
          <RecentActivitySection account={data} />
        </Stack>
      )}
    </PageFrame>
  );
}

/** What an entry says: its kind, and the other account it is about and its details where it has them. */
function whatOf(entry: ActivityRow, username: string): string {
  const more = [entry.subject !== username ? entry.subject : '', entry.details].filter(Boolean).join(', ');
  return more ? `${entry.kindLabel}: ${more}` : entry.kindLabel;
}

/** The account's own latest activity entries, with the way to the Activity screen where the role has it. */
function RecentActivitySection({ account }: { account: MyAccountResponse }) {
  const activityScreen = screensFor(account.role).find((screen) => screen.key === 'activity');
  const { t } = useMessages();
  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-activity-title">
      <Title order={2} size="h4" id="recent-activity-title">
        {t('account.recentActivity')}
      </Title>
      {account.recentActivity.length === 0 ? (
        <Text size="sm">{t('account.noActivity')}</Text>
      ) : (
        // Scrolls sideways on a phone as every report's table does: a focusable box that says so.
        <SideScroll label={t('account.activityTable')}>
          <Table aria-labelledby="recent-activity-title" striped miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account.time')}</Table.Th>
                <Table.Th>{t('account.what')}</Table.Th>
                <Table.Th>{t('account.address')}</Table.Th>
                <Table.Th>{t('account.device')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {account.recentActivity.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td>{whatOf(entry, account.username)}</Table.Td>
                  <Table.Td>{entry.address}</Table.Td>
                  <Table.Td>{entry.device}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </SideScroll>
      )}
      {activityScreen && (
        <Anchor component={Link} to={screenPath(account.role, activityScreen.path)} size="sm">
          {t('account.allActivity')}
        </Anchor>
      )}
    </Stack>
  );
}

/** The answer to the last language change, for the section the page renders anew in that language. */
let languageAnswer: string | null = null;

/**
 * The language of the back office for this account (docs/decisions/0021-languages.md): kept by the
 * account, so that it follows the person to every device.
 */
function LanguageSection() {
  const { t, label, language } = useMessages();
  // The page renders anew in the new language: the server's answer waits for it here.
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(() =>
    languageAnswer === null ? null : { ok: true, text: languageAnswer },
  );
  useEffect(() => {
    languageAnswer = null;
  }, []);
  const [saving, setSaving] = useState(false);
  const choose = (next: string) => {
    if (!isLanguage(next) || next === language) return;
    setSaving(true);
    saveLanguage(next)
      .then(async (answer) => {
        languageAnswer = answer.message;
        await chooseLanguage(next);
        setMessage({ ok: true, text: answer.message });
      })
      .catch((error: unknown) => setMessage({ ok: false, text: errorMessage(error) }))
      .finally(() => setSaving(false));
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="language-section-title" maw={420}>
      <Title order={2} size="h4" id="language-section-title">
        {t('account.languageTitle')}
      </Title>
      <NativeSelect
        label={label(FIELD_LABELS.setLanguage.language)}
        description={t('account.languageHint')}
        // Mantine's dimmed description is below the 4.5:1 contrast that small text needs.
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        value={language}
        disabled={saving}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {/* Each language by its own name: never translated. */}
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code} translate="no">
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </NativeSelect>
      <Outcome message={message} size="md" />
    </Stack>
  );
}

function ChangePasswordSection({ username }: { username: string }) {
  const change = useChangePassword();
  const { t, label } = useMessages();
  const [current, setCurrent] = useState('');
  const [choice, setChoice] = useState<NewPassword>({ password: '', problem: t('account.typeNewPassword') });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const onChange = useCallback((value: NewPassword) => setChoice(value), []);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (choice.problem || current === '') return;
    change.mutate(
      { currentPassword: current, newPassword: choice.password },
      {
        onSuccess: (answer) => {
          setMessage({ ok: true, text: answer.message });
          setCurrent('');
          setFormKey((k) => k + 1);
        },
        onError: (error) => setMessage({ ok: false, text: errorMessage(error) }),
      },
    );
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="password-section-title" maw={420}>
      <Title order={2} size="h4" id="password-section-title">
        {t('account.password')}
      </Title>
      <form onSubmit={submit} aria-label={t('account.changePassword')} key={formKey}>
        <Stack gap="xs">
          <PasswordInput
            label={label(FIELD_LABELS.changePassword.currentPassword)}
            autoComplete="current-password"
            {...textField(current, setCurrent)}
            visibilityToggleButtonProps={{ 'aria-label': t('identity.password.toggle') }}
            required
          />
          <NewPasswordFields username={username} onChange={onChange} />
          <Button type="submit" loading={change.isPending} disabled={choice.problem !== null || current === ''}>
            {t('account.changePassword')}
          </Button>
        </Stack>
      </form>
      <Outcome message={message} size="md" />
    </Stack>
  );
}
