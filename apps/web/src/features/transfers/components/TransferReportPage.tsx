import { Text, TextInput } from '@mantine/core';
import { TRANSFER_SECTIONS, type TransferSectionKey } from '@playrep/contracts';
import { useCallback, useEffect } from 'react';
import { PageFrame } from '../../../app/page-frame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { type DateRange, DateRangePicker, ReportToolbar } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/url-state';
import type { TransferReportApi, TransferReportParams } from '../api/transfer-report';
import { type DayRange, urlDay } from './report-dates';
import { TransferSections } from './TransferSections';
import { useDraft } from './use-draft';

/** What sets Point Transfer, Multiplayer Point Transfer and Weekly Details apart. */
export interface TransferReportDefinition {
  api: TransferReportApi;
  /** Section titles as shown (spec section 2: 'Multiplayer ' prefixed on the multiplayer report). */
  sectionTitle: (key: TransferSectionKey) => string;
  /** The counterparty column's header in a section. */
  counterpartyHeader: (key: TransferSectionKey) => string;
  /** Whether the Member ID (counterparty username) filter is offered. */
  memberFilter: boolean;
  /** Rows per page of each section's table at the start (spec section 9). */
  defaultPageSize: number;
  /** The dates of a visit without dates in the URL. */
  defaultRange: () => DayRange;
}

const FIRST_SECTION: TransferSectionKey = TRANSFER_SECTIONS[0].key;

function isSectionKey(value: string): value is TransferSectionKey {
  return TRANSFER_SECTIONS.some((s) => s.key === value);
}

interface Draft {
  range: DateRange;
  memberId: string;
}

/**
 * A transfer report: From Date / To Date (and Member ID), Show Details, then the six sections.
 * The filters and the open section live in the URL: Show Details adds a history entry, so Back
 * restores the previous view; opening a section only rewrites the current entry.
 *
 * Spec section 8 keeps failed fetches to the console; the page logs them there and also shows the
 * message in a small alert above the (hidden) sections, so a failure is never mistaken for an empty
 * report. Every report page of this feature does the same.
 */
export function TransferReportPage({ title, report }: { title: string; report: TransferReportDefinition }) {
  const { subjectId } = useReportSubject();
  const start = report.defaultRange();
  const { filters, setFilters } = useUrlFilters({
    fromDate: start.from,
    toDate: start.to,
    memberId: '',
    section: FIRST_SECTION,
  });
  const memberId = report.memberFilter ? filters.memberId.trim() : '';
  const params: TransferReportParams = { id: subjectId, fromDate: filters.fromDate, toDate: filters.toDate, memberId };

  const applied: Draft = { range: { from: urlDay(filters.fromDate), to: urlDay(filters.toDate) }, memberId };
  const [draft, setDraft] = useDraft(applied, `${filters.fromDate}|${filters.toDate}|${memberId}`);

  const result = report.api.useReport(params);
  const { data, error, isFetching } = result;
  useEffect(() => {
    if (error) console.error(`${title}: the report could not be loaded`, error);
  }, [title, error]);

  const showDetails = () => {
    const changed = setFilters({
      fromDate: draft.range.from ?? '',
      toDate: draft.range.to ?? '',
      memberId: report.memberFilter ? draft.memberId.trim() : '',
    });
    // Show Details with the same filters loads the report again.
    if (!changed) void result.refetch();
  };

  // Exports use the range the server answered with, so the file covers exactly what is shown.
  const usedFrom = data?.range.fromDate;
  const usedTo = data?.range.toDate;
  const { exportHref } = report.api;
  const sectionExport = useCallback(
    (key: TransferSectionKey, format: 'csv' | 'xlsx') =>
      exportHref({ id: subjectId, fromDate: usedFrom, toDate: usedTo, memberId }, key, format),
    [exportHref, subjectId, usedFrom, usedTo, memberId],
  );

  return (
    <PageFrame title={title} loading={isFetching} error={error}>
      <ReportToolbar onSubmit={showDetails} loading={isFetching}>
        <SubjectPicker />
        <DateRangePicker value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
        {report.memberFilter && (
          <TextInput
            label="Member ID"
            placeholder="Username"
            w={180}
            value={draft.memberId}
            onChange={(event) => setDraft({ ...draft, memberId: event.currentTarget.value })}
          />
        )}
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">
            {formatDate(data.range.fromDate)} to {formatDate(data.range.toDate)}
            {memberId ? `, member ${memberId}` : ''}
          </Text>
          <TransferSections
            data={data.data}
            titleOf={report.sectionTitle}
            counterpartyOf={report.counterpartyHeader}
            open={isSectionKey(filters.section) ? filters.section : null}
            onOpenChange={(key) => setFilters({ section: key ?? '' }, { history: 'replace' })}
            exportHref={sectionExport}
            defaultPageSize={report.defaultPageSize}
            loading={isFetching}
          />
        </>
      )}
    </PageFrame>
  );
}
