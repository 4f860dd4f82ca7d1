import { Text } from '@mantine/core';
import { type ExportFormat, TRANSFER_SECTIONS, type TransferReportResponse, type TransferSectionKey } from '@playrep/contracts';
import { useMemo } from 'react';
import { type AccordionSection, DataTable, ReportAccordion } from '../../../components/ui';
import { useMessages } from '../../../lib/i18n/messages';
import { transferTableColumns, transferTableRows } from './transfer-table';

export interface TransferSectionsProps {
  data: TransferReportResponse['data'];
  /** The title of each section, as the screen names it. */
  titleOf: (key: TransferSectionKey) => string;
  /** The counterparty column's header in a section. */
  counterpartyOf: (key: TransferSectionKey) => string;
  /** The open section, or null for none. */
  open: TransferSectionKey | null;
  onOpenChange: (key: TransferSectionKey | null) => void;
  /** The export links of one section. */
  exportHref: (key: TransferSectionKey) => (format: ExportFormat) => string;
  defaultPageSize: number;
  loading: boolean;
}

function isSectionKey(value: string | null): value is TransferSectionKey {
  return TRANSFER_SECTIONS.some((s) => s.key === value);
}

/**
 * The six transfer sections in one accordion (one open, or none). A section shows its table only
 * when it has rows, otherwise 'No data available'; each table links its own CSV and Excel export.
 */
export function TransferSections({
  data,
  titleOf,
  counterpartyOf,
  open,
  onOpenChange,
  exportHref,
  defaultPageSize,
  loading,
}: TransferSectionsProps) {
  const { t, label, language } = useMessages();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the sections' words
  const sections = useMemo<AccordionSection[]>(
    () =>
      TRANSFER_SECTIONS.map(({ key }) => {
        const rows = transferTableRows(data[key]);
        const title = label(titleOf(key));
        return {
          id: key,
          title,
          count: rows.length,
          content:
            rows.length === 0 ? (
              <Text size="sm">{t('report.noData')}</Text>
            ) : (
              <DataTable
                columns={transferTableColumns(counterpartyOf(key))}
                rows={rows}
                ariaLabel={title}
                defaultPageSize={defaultPageSize}
                loading={loading}
                exportHref={exportHref(key)}
                getRowId={(row) => row._id}
              />
            ),
        };
      }),
    [data, titleOf, counterpartyOf, exportHref, defaultPageSize, loading, language],
  );

  return (
    <ReportAccordion
      sections={sections}
      value={open}
      onChange={(value) => onOpenChange(isSectionKey(value) ? value : null)}
      headingOrder={2}
    />
  );
}
