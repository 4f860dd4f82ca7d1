import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useId, useState } from 'react';
import { formatInt } from '../../../lib/format';
import { useMessages } from '../../../lib/i18n/messages';
import { textField } from '../../../lib/text-field';
import { clampPage, pagerWindowPages, pagerWindowStart } from './pager-math';

export interface PagerProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageSizeChange: (pageSize: number) => void;
  /** Rows in the whole result, for the 'Showing a to b of n' line. */
  rowCount: number;
  /** Name of the pager landmark; unique per table when a page shows several. Default 'Pagination'. */
  label?: string;
}

// Blue 8 on white and white on blue 8 both pass AA (the default blue 6 does not).
const CURRENT_COLOR = 'blue.8';

/** Page size select, first/previous, a window of about 10 page numbers, next/last and a page input. */
export function Pager({
  page,
  pageCount,
  onPageChange,
  pageSize,
  pageSizeOptions,
  onPageSizeChange,
  rowCount,
  label,
}: PagerProps) {
  const { t } = useMessages();
  const sizeSelectId = useId();
  const [storedStart, setStoredStart] = useState(1);
  const windowStart = pagerWindowStart(storedStart, page);
  if (windowStart !== storedStart) setStoredStart(windowStart);

  // The typed page is a draft until Enter or blur; it follows the page when that changes.
  const [draft, setDraft] = useState(String(page));
  const [draftFor, setDraftFor] = useState(page);
  if (draftFor !== page) {
    setDraftFor(page);
    setDraft(String(page));
  }

  const go = (target: number) => {
    const next = clampPage(target, pageCount);
    if (next !== page) onPageChange(next);
  };
  const commitDraft = () => {
    const next = clampPage(draft, pageCount);
    setDraft(String(next));
    if (next !== page) onPageChange(next);
  };
  const onDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    }
  };

  const first = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, rowCount);
  const atStart = page <= 1;
  const atEnd = page >= pageCount;

  return (
    <Group justify="space-between" gap="sm" mt="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={sizeSelectId} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('report.rowsPerPage')}
        </Text>
        <NativeSelect
          id={sizeSelectId}
          size="xs"
          w={72}
          value={String(pageSize)}
          data={pageSizeOptions.map(String)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
        <Text size="sm" aria-live="polite">
          {t('report.showing', { first: formatInt(first), last: formatInt(last), count: rowCount, n: formatInt(rowCount) })}
        </Text>
      </Group>
      <nav aria-label={label ?? t('report.pagination')}>
        <Group gap={4} wrap="wrap">
          <Button size="compact-sm" variant="default" onClick={() => go(1)} disabled={atStart} aria-label={t('report.firstPage')}>
            «
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => go(page - 1)}
            disabled={atStart}
            aria-label={t('report.previousPage')}
          >
            ‹
          </Button>
          {pagerWindowPages(windowStart, pageCount).map((p) => (
            <Button
              key={p}
              size="compact-sm"
              variant={p === page ? 'filled' : 'default'}
              color={p === page ? CURRENT_COLOR : undefined}
              aria-label={t('report.page', { page: p })}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => go(p)}
            >
              {p}
            </Button>
          ))}
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => go(page + 1)}
            disabled={atEnd}
            aria-label={t('report.nextPage')}
          >
            ›
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => go(pageCount)}
            disabled={atEnd}
            aria-label={t('report.lastPage')}
          >
            »
          </Button>
          <TextInput
            size="xs"
            w={56}
            aria-label={t('report.goToPage')}
            inputMode="numeric"
            {...textField(draft, setDraft)}
            onBlur={commitDraft}
            onKeyDown={onDraftKey}
          />
          <Text size="sm">{t('report.ofPages', { count: pageCount })}</Text>
        </Group>
      </nav>
    </Group>
  );
}
