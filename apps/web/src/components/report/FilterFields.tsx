import { Select, TextInput } from '@mantine/core';
import { type MessageId, useMessages } from '../../lib/i18n/messages';

/** A filter field of a list's toolbar, bound to one field of the filters' draft (useListFilters' `field`). */
interface FilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  w: number;
}

interface FilterSelectProps<V extends string> extends FilterFieldProps {
  /** The name of the blank value, which filters nothing. */
  any: MessageId;
  values: readonly V[];
  names: Readonly<Record<V, MessageId>>;
}

/** One of `values` by its name, or any (blank). */
export function FilterSelect<V extends string>({ any, values, names, onChange, ...select }: FilterSelectProps<V>) {
  const { t } = useMessages();
  return (
    <Select
      {...select}
      data={[{ value: '', label: t(any) }, ...values.map((value) => ({ value, label: t(names[value]) }))]}
      onChange={(value) => onChange(value ?? '')}
      allowDeselect={false}
    />
  );
}

/** Free text (blank filters nothing). */
export function FilterText({ onChange, ...input }: FilterFieldProps & { placeholder?: string }) {
  return <TextInput {...input} onChange={(event) => onChange(event.currentTarget.value)} />;
}
