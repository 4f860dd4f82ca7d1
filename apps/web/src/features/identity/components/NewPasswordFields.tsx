import { PasswordInput, Stack, Text } from '@mantine/core';
import { FIELD_LABELS } from '@playrep/contracts';
import { useEffect, useState } from 'react';
import { type MessageId, useMessages } from '../../../lib/i18n/messages';
import { textField } from '../../../lib/text-field';

type Judge = (password: string, username: string) => string | null;
let judge: Promise<Judge> | undefined;
/** The strength rule of the contracts, loaded with its dictionaries only where a password is chosen. */
function loadJudge(): Promise<Judge> {
  judge ??= import('@playrep/contracts/password-strength').then((m) => m.passwordProblem);
  return judge;
}

export interface NewPassword {
  password: string;
  /** Why it may not be chosen yet (the rule's reason, or the two entries differ); null when it may. */
  problem: string | null;
}

/** The strength rule's reasons (packages/contracts/src/password-strength.ts) by their English. */
const REASONS: Readonly<Record<string, MessageId>> = {
  'Type a new password.': 'account.typeNewPassword',
  'It must be at least 8 characters long.': 'identity.password.tooShort',
  'It must be at most 128 characters long.': 'identity.password.tooLong',
  'It must contain at least one letter.': 'identity.password.noLetter',
  'It must contain at least one digit.': 'identity.password.noDigit',
  'It must not contain your username.': 'identity.password.hasUsername',
};

/**
 * A new password typed twice, with the strength rule's reason shown as the person types
 * (docs/domain.md, "Access", Passwords). The server judges it again with the same rule.
 */
export function NewPasswordFields({ username, onChange }: { username: string; onChange: (value: NewPassword) => void }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [reason, setReason] = useState<string | null>('Type a new password.');
  const { t, label, language } = useMessages();
  /** The reason in the chosen language; zxcvbn's own advice (English only) as one sentence in another. */
  const reasonText = (english: string) => {
    const id = REASONS[english];
    if (id) return t(id);
    return language === 'en' ? english : t('identity.password.tooWeak');
  };
  useEffect(() => {
    let current = true;
    void loadJudge().then((passwordProblem) => {
      if (!current) return;
      const problem = password === '' ? 'Type a new password.' : passwordProblem(password, username);
      setReason(problem);
      const mismatch = problem === null && password !== again ? 'The two entries differ.' : null;
      onChange({ password, problem: problem ?? mismatch });
    });
    return () => {
      current = false;
    };
  }, [password, again, username, onChange]);
  return (
    <Stack gap="xs">
      <PasswordInput
        label={label(FIELD_LABELS.useLink.password)}
        autoComplete="new-password"
        {...textField(password, setPassword)}
        aria-describedby="password-strength"
        visibilityToggleButtonProps={{ 'aria-label': t('identity.password.toggle') }}
        required
      />
      <Text id="password-strength" size="sm" role="status" c={reason === null ? 'teal.9' : 'dark.6'}>
        {reason === null ? t('identity.password.strongEnough') : reasonText(reason)}
      </Text>
      <PasswordInput
        label={t('identity.password.again', { password: label(FIELD_LABELS.useLink.password) })}
        autoComplete="new-password"
        {...textField(again, setAgain)}
        error={again !== '' && again !== password ? t('identity.password.differ') : undefined}
        visibilityToggleButtonProps={{ 'aria-label': t('identity.password.toggle') }}
        required
      />
    </Stack>
  );
}
