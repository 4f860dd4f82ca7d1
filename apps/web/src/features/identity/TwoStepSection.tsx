import { Button, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { FIELD_LABELS, type TwoStepSetupResponse } from '@playrep/contracts';
import { useState } from 'react';
import { Outcome } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { DataText } from '../../lib/i18n/data-text';
import { useMessages } from '../../lib/i18n/messages';
import { textField } from '../../lib/text-field';
import { useTwoStepChanges, useTwoStepState } from './api/two-step';

/**
 * The two-step section of the account page (docs/domain.md, "Access", "Account page"): turn it on
 * (scan the QR code or type the key, confirm with a code, keep the ten recovery codes shown once),
 * off with a code, or ten new recovery codes with a code. A section component: the account page
 * mounts it.
 */
export function TwoStepSection() {
  const state = useTwoStepState();
  const { setup, confirm, off, newRecoveryCodes } = useTwoStepChanges();
  const [begun, setBegun] = useState<TwoStepSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const failed = (error: unknown) => setMessage({ ok: false, text: errorMessage(error) });
  const data = state.data;
  const { t, label } = useMessages();

  /** Sends the code typed to a change that needs one; its answer's message shows, and the recovery codes it shows once (or none). */
  const withCode =
    <T extends { message: string }>(
      change: { mutate: (code: string, handlers: { onSuccess: (answer: T) => void; onError: (e: unknown) => void }) => void },
      codesOf: ((answer: T) => string[]) | null,
    ) =>
    () =>
      change.mutate(code.trim(), {
        onSuccess: (answer) => {
          setCode('');
          setRecoveryCodes(codesOf ? codesOf(answer) : null);
          setMessage({ ok: true, text: answer.message });
        },
        onError: failed,
      });

  const codeInput = (fieldLabel: string) => (
    <TextInput label={fieldLabel} {...textField(code, setCode)} inputMode="numeric" autoComplete="one-time-code" w={200} />
  );

  return (
    <Stack gap="xs" component="section" aria-labelledby="two-step-section-title">
      <Title order={2} size="h4" id="two-step-section-title">
        {t('identity.twoStep.title')}
      </Title>
      {state.error && <Text role="alert">{errorMessage(state.error)}</Text>}
      {data && (
        <>
          <Group gap="xs">
            <Text fw={700}>{data.on ? t('identity.twoStep.on') : t('identity.twoStep.off')}</Text>
            {data.on && <Text size="sm">{t('identity.twoStep.codesLeft', { count: String(data.recoveryCodesLeft) })}</Text>}
            {data.required && !data.on && <Text size="sm">{t('identity.twoStep.required')}</Text>}
          </Group>
          {!data.on && !begun && (
            <Button
              color="dark"
              w="fit-content"
              disabled={!data.available}
              loading={setup.isPending}
              onClick={() => setup.mutate(undefined, { onSuccess: (answer) => setBegun(answer), onError: failed })}
            >
              {t('identity.twoStep.setUp')}
            </Button>
          )}
          {!data.available && (
            <Text size="sm">
              <DataText id="identity.twoStep.needsSecret" data={{ setting: 'SECRET_KEY' }} />
            </Text>
          )}
          {!data.on && begun && (
            <>
              <Text size="sm">{t('identity.twoStep.scan')}</Text>
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(begun.qrSvg)}`}
                alt={t('identity.twoStep.qrCode')}
                width={180}
                height={180}
              />
              <Text size="sm">
                <DataText id="identity.twoStep.key" data={{ key: <Code data-testid="two-step-key">{begun.secret}</Code> }} />
              </Text>
              <Group align="flex-end" gap="xs">
                {codeInput(label(FIELD_LABELS.twoStepConfirm.code))}
                <Button
                  color="dark"
                  loading={confirm.isPending}
                  disabled={code.trim() === ''}
                  onClick={() =>
                    confirm.mutate(code.trim(), {
                      onSuccess: (answer) => {
                        setBegun(null);
                        setCode('');
                        setRecoveryCodes(answer.recoveryCodes);
                        setMessage({ ok: true, text: answer.message });
                      },
                      onError: failed,
                    })
                  }
                >
                  {t('identity.twoStep.turnOn')}
                </Button>
              </Group>
            </>
          )}
          {recoveryCodes && (
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {t('identity.twoStep.yourCodes')}
              </Text>
              <List size="sm" aria-label={t('identity.twoStep.codes')}>
                {recoveryCodes.map((c) => (
                  <List.Item key={c}>
                    <Code translate="no">{c}</Code>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          {data.on && (
            <Group align="flex-end" gap="xs">
              {codeInput(label(FIELD_LABELS.twoStepOff.code))}
              <Button variant="default" loading={off.isPending} disabled={code.trim() === ''} onClick={withCode(off, null)}>
                {t('identity.twoStep.turnOff')}
              </Button>
              <Button
                variant="default"
                loading={newRecoveryCodes.isPending}
                disabled={code.trim() === ''}
                onClick={withCode(newRecoveryCodes, (answer) => answer.recoveryCodes)}
              >
                {t('identity.twoStep.newCodes')}
              </Button>
            </Group>
          )}
        </>
      )}
      <Outcome message={message} />
    </Stack>
  );
}
