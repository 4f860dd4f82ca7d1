import { TextInput } from '@mantine/core';
import { FIELD_LABELS } from '@playrep/contracts';
import { label } from '../../../lib/i18n/messages';

/** The Agent ID filter of the network reports: a username typed by hand (empty: every account). */
export function AgentIdField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <TextInput
      label={label(FIELD_LABELS.agentStatus.agentId)}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoComplete="off"
      w={170}
    />
  );
}
