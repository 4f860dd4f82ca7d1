import { Button, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { FIELD_LABELS, type TwoStepSetupResponse } from '@playrep/contracts';
import { useState } from 'react';
import { Outcome } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
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

  const codeInput = (label: string) => (
    <TextInput label={label} {...textField(code, setCode)} inputMode="numeric" autoComplete="one-time-code" w={200} />
  );

  return (
    <Stack gap="xs" component="section" aria-labelledby="two-step-section-title">
      <Title order={2} size="h4" id="two-step-section-title">
        Two-step sign-in
      </Title>
      {state.error && <Text role="alert">{errorMessage(state.error)}</Text>}
      {data && (
        <>
          <Group gap="xs">
            <Text fw={700}>{data.on ? 'On' : 'Off'}</Text>
            {data.on && <Text size="sm">Recovery codes left: {data.recoveryCodesLeft}</Text>}
            {data.required && !data.on && <Text size="sm">Your role must use two-step sign-in.</Text>}
          </Group>
          {!data.on && !begun && (
            <Button
              color="dark"
              w="fit-content"
              disabled={!data.available}
              loading={setup.isPending}
              onClick={() => setup.mutate(undefined, { onSuccess: (answer) => setBegun(answer), onError: failed })}
            >
              Set up two-step sign-in
            </Button>
          )}
          {!data.available && <Text size="sm">Two-step sign-in needs SECRET_KEY to be set on the server.</Text>}
          {!data.on && begun && (
            <>
              <Text size="sm">
                Scan this code with an authenticator app, or type the key into it, then enter the code it shows.
              </Text>
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(begun.qrSvg)}`}
                alt="QR code of the key"
                width={180}
                height={180}
              />
              <Text size="sm">
                Key: <Code data-testid="two-step-key">{begun.secret}</Code>
              </Text>
              <Group align="flex-end" gap="xs">
                {codeInput(FIELD_LABELS.twoStepConfirm.code)}
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
                  Turn on
                </Button>
              </Group>
            </>
          )}
          {recoveryCodes && (
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                Your recovery codes (shown only now):
              </Text>
              <List size="sm" aria-label="Recovery codes">
                {recoveryCodes.map((c) => (
                  <List.Item key={c}>
                    <Code>{c}</Code>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          {data.on && (
            <Group align="flex-end" gap="xs">
              {codeInput(FIELD_LABELS.twoStepOff.code)}
              <Button variant="default" loading={off.isPending} disabled={code.trim() === ''} onClick={withCode(off, null)}>
                Turn off
              </Button>
              <Button
                variant="default"
                loading={newRecoveryCodes.isPending}
                disabled={code.trim() === ''}
                onClick={withCode(newRecoveryCodes, (answer) => answer.recoveryCodes)}
              >
                New recovery codes
              </Button>
            </Group>
          )}
        </>
      )}
      <Outcome message={message} />
    </Stack>
  );
}
