import { Stack, Text } from '@mantine/core';
import { STATEMENT_TEXTS, type StatementTexts, statementLinesIn, type WeekStatement } from '@playrep/contracts';
import { formatAmount } from '../../lib/format';
import { currentHindi, useLanguage } from '../../lib/i18n/language';
import { type Figure, FigureList } from './FigureList';

export { afterWeekText, NO_LOAN_TEXT, OPEN_WEEK_TEXT } from '@playrep/contracts';

/** The statement's words in the language chosen now (the contracts' STATEMENT_TEXTS, which its PDF uses too). */
export function statementTexts(): StatementTexts {
  return STATEMENT_TEXTS[currentHindi() ? 'hi' : 'en'];
}

/** statementTexts for a component: it re-renders when the language changes. */
export function useStatementTexts(): StatementTexts {
  return STATEMENT_TEXTS[useLanguage() === 'hi' ? 'hi' : 'en'];
}

/**
 * The week's settlement as the mail statement and Revenue's week popup show it (docs/screens.md,
 * Agent Mail Details; docs/domain.md, "Week statement"): the contracts' statement lines (the same
 * the PDF and the weekly mail show), amounts in en-IN with negatives in red, result lines bold.
 */
export function GiftPointsFigures({
  statement: s,
  label,
  className,
}: {
  statement: WeekStatement;
  /** The group's accessible name. */
  label: string;
  className?: string;
}) {
  const texts = useStatementTexts();
  const figures: Figure[] = statementLinesIn(s, texts).map((line) => ({
    label: line.label,
    value: typeof line.value === 'number' ? formatAmount(line.value) : line.value,
    negative: typeof line.value === 'number' && line.value < 0,
    note: line.note,
    result: line.result,
  }));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {texts.weekText(s)}
      </Text>
      <FigureList label={label} layout="statement" className={className} figures={figures} />
    </Stack>
  );
}
