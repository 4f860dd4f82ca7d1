import { Anchor, Button, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import type { ActivityRow, MyAccountResponse } from '@playrep/contracts';
import { FIELD_LABELS } from '@playrep/contracts';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/report/PageFrame';
import { Outcome, SideScroll } from '../../components/ui';
import { screensFor } from '../../config/navigation';
import { screenPath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { textField } from '../../lib/text-field';
import { useChangePassword, useMyAccount } from './api/access';
import { type NewPassword, NewPasswordFields } from './components/NewPasswordFields';

/**
 * The account page (every role, from the name in the header; docs/domain.md, "Access"): name,
 * role, parent, the sign-in before this one (time, address, device), the wrong passwords and wrong two-step codes typed
 * since, the password, the sections other features give it (app/AccountRoute.tsx: two-step
 * sign-in, the email address with the weekly statement setting) and the account's recent activity.
 */
export default function AccountPage({ children }: { children?: ReactNode }) {
  const account = useMyAccount();
  const data = account.data;
  return (
    <PageFrame title="My Account" loading={account.isFetching} error={account.error ? errorMessage(account.error) : null}>
      {data && (
        <Stack gap="lg">
          <Stack gap={4} component="section" aria-labelledby="account-facts-title">
            <Title order={2} size="h4" id="account-facts-title">
              Account
            </Title>
            <Text>
              {data.username} · {[data.firstName, data.lastName].filter(Boolean).join(' ')} · {data.role}
              {data.parent && <> · parent {data.parent}</>}
            </Text>
            <Text size="sm">
              {data.lastSignIn
                ? `Last sign-in before this one: ${formatDateTime(data.lastSignIn.at)} from ${data.lastSignIn.address}${
                    data.lastSignIn.device ? ` on ${data.lastSignIn.device}` : ''
                  }.`
                : 'This is the first sign-in recorded for this account.'}{' '}
              Wrong passwords typed since: {data.failedSince}. Wrong two-step codes typed since: {data.wrongCodesSince}.
            </Text>
          </Stack>
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
  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-activity-title">
      <Title order={2} size="h4" id="recent-activity-title">
        Recent activity
      </Title>
      {account.recentActivity.length === 0 ? (
        <Text size="sm">No activity recorded for this account yet.</Text>
      ) : (
        // Scrolls sideways on a phone as every report's table does: a focusable box that says so.
        <SideScroll label="Recent activity table">
          <Table aria-labelledby="recent-activity-title" striped miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Device</Table.Th>
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
          All activity
        </Anchor>
      )}
    </Stack>
  );
}

function ChangePasswordSection({ username }: { username: string }) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [choice, setChoice] = useState<NewPassword>({ password: '', problem: 'Type a new password.' });
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
        Password
      </Title>
      <form onSubmit={submit} aria-label="Change password" key={formKey}>
        <Stack gap="xs">
          <PasswordInput
            label={FIELD_LABELS.changePassword.currentPassword}
            autoComplete="current-password"
            {...textField(current, setCurrent)}
            required
          />
          <NewPasswordFields username={username} onChange={onChange} />
          <Button type="submit" loading={change.isPending} disabled={choice.problem !== null || current === ''}>
            Change password
          </Button>
        </Stack>
      </form>
      <Outcome message={message} size="md" />
    </Stack>
  );
}
