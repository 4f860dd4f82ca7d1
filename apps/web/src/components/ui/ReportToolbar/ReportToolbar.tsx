import { Button, Group } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { message } from '../../../lib/i18n/messages';

export interface ReportToolbarProps {
  /** The filter inputs: a DateRangePicker, a DatePickerField, a Member ID TextInput... */
  children?: ReactNode;
  /** Called on the button and on Enter in a text input. */
  onSubmit: () => void;
  /** 'Show Details' (default) or 'Search', as the screen names it. */
  submitLabel?: string;
  /** Shows the button busy while the report loads. */
  loading?: boolean;
  /** Accessible name of the filter form. Default 'Report filters'. */
  ariaLabel?: string;
}

/** The filters row of a report: inputs then the Show Details / Search button, as one named form. */
export function ReportToolbar({
  children,
  onSubmit,
  submitLabel = 'Show Details',
  loading = false,
  ariaLabel = message('report.filters'),
}: ReportToolbarProps) {
  const shownLabel =
    { 'Show Details': message('report.showDetails'), Search: message('report.search') }[submitLabel] ?? submitLabel;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form aria-label={ariaLabel} onSubmit={submit}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
        <Button type="submit" loading={loading}>
          {shownLabel}
        </Button>
      </Group>
    </form>
  );
}
