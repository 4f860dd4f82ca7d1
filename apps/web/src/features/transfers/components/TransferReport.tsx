import { Text, TextInput } from '@mantine/core';
import { type CallParams, FIELD_LABELS, TRANSFER_SECTIONS, type TransferSectionKey } from '@playrep/contracts';
import { useCallback } from 'react';
import { PageFrame } from '../../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { type DayRange, urlDay } from '../../../components/report/report-dates';
import { useDraft } from '../../../components/report/use-draft';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import { ReportToolbar } from '../../../components/ui';
import { type DateRange, DateRangePicker } from '../../../components/ui/DatePicker';
import { FIRST_REPORT_DAY, withinReportYears } from '../../../config/report-years';
import { formatDate } from '../../../lib/format';
import { useMessages } from '../../../lib/i18n/messages';
import type { ReportCallApi } from '../../../lib/report-call';
import { useUrlFilters } from '../../../lib/url-state';
import { TransferSections } from './TransferSections';

/** The transfer calls share one query and one answer (the six sections of docs/domain.md, "Points and the ledger"). */
type TransferCall = ReportCallApi<'pointTransfer'>;

/** What sets Point Transfer, Multiplayer Point Transfer and Weekly Details apart. */
export interface TransferReportDefinition {
  /** The call: which channels the server reads. */
  useReport: TransferCall['useReport'];
  exportHref: TransferCall['exportHref'];
  /** Section titles as shown ('Multiplayer ' prefixed on the multiplayer report: docs/screens.md). */
  sectionTitle: (key: TransferSectionKey) => string;
  /** The counterparty column's header in a section. */
  counterpartyHeader: (key: TransferSectionKey) => string;
  /** Whether the Member ID (counterparty username) filter is offered. */
  memberFilter: boolean;
  /** Rows per page of each section's table at the start (docs/screens.md). */
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

/** Where the member's username goes in a sentence: it is put in marked as data (translate="no"). */
const MEMBER_MARK = '\u0000';

function withMember(text: string, member: string) {
  const [before, after] = text.split(MEMBER_MARK);
  return (
    <>
      {before}
      <span translate="no">{member}</span>
      {after}
    </>
  );
}

/**
 * A transfer report: From Date / To Date (and Member ID), Show Details, then the six sections.
 * The filters and the open section live in the URL: Show Details adds a history entry, so Back
 * restores the previous view; opening a section only rewrites the current entry.
 *
 * A failed fetch is logged to the console and its message shown (docs/screens.md, Every report
 * screen): the message in a small alert above the (hidden) sections, so a failure is never mistaken for an empty
 * report. Every report page of this feature does the same.
 */
export function TransferReport({ title, report }: { title: string; report: TransferReportDefinition }) {
  const { t, label } = useMessages();
  const { subjectId } = useReportSubject();
  const start = report.defaultRange();
  const { filters, setFilters } = useUrlFilters({
    fromDate: start.from,
    toDate: start.to,
    memberId: '',
    section: FIRST_SECTION,
  });
  const memberId = report.memberFilter ? filters.memberId.trim() : '';
  const params: CallParams<'pointTransfer'> = {
    id: subjectId,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    memberId,
  };

  const applied: Draft = { range: { from: urlDay(filters.fromDate), to: urlDay(filters.toDate) }, memberId };
  const [draft, setDraft] = useDraft(applied, `${filters.fromDate}|${filters.toDate}|${memberId}`);

  const result = report.useReport(params);
  const { data, error, isFetching } = result;
  useReportErrorLog(title, error);

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
  const { exportHref } = report;
  const sectionExport = useCallback(
    (section: TransferSectionKey) => exportHref({ id: subjectId, fromDate: usedFrom, toDate: usedTo, memberId, section }),
    [exportHref, subjectId, usedFrom, usedTo, memberId],
  );

  return (
    <PageFrame title={title} loading={isFetching} error={error} live={result.live}>
      <ReportToolbar onSubmit={showDetails} loading={isFetching}>
        <SubjectPicker />
        <DateRangePicker
          value={draft.range}
          onChange={(range) => setDraft({ ...draft, range: withinReportYears(range) })}
          minDate={FIRST_REPORT_DAY}
        />
        {report.memberFilter && (
          <TextInput
            label={label(FIELD_LABELS.pointTransfer.memberId)}
            placeholder={t('transfers.report.memberPlaceholder')}
            w={180}
            value={draft.memberId}
            onChange={(event) => setDraft({ ...draft, memberId: event.currentTarget.value })}
          />
        )}
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">
            {memberId
              ? withMember(
                  t('transfers.report.rangeOfMember', {
                    from: formatDate(data.range.fromDate),
                    to: formatDate(data.range.toDate),
                    member: MEMBER_MARK,
                  }),
                  memberId,
                )
              : t('transfers.report.range', { from: formatDate(data.range.fromDate), to: formatDate(data.range.toDate) })}
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
