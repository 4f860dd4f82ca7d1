import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NEGATIVE_COLOR } from '../ui';

export interface Figure {
  label: string;
  value: ReactNode;
  /** Shown in red (the value keeps its minus sign, so the colour is never the only cue). */
  negative?: boolean;
  /** A short line under the figure saying where it comes from or what it stands at. */
  note?: ReactNode;
  /** A result line of a statement (bold, with a rule above it). */
  result?: boolean;
}

export interface FigureListProps {
  figures: readonly Figure[];
  /** The group's accessible name. */
  label: string;
  /**
   * 'grid': figures side by side in `cols` columns; 'statement': one figure a line, label on the
   * left and value on the right, read top to bottom like a settlement.
   */
  layout?: 'grid' | 'statement';
  /** Columns from the small breakpoint up (grid layout). */
  cols?: number;
  /** On the list itself (a print layout's hook). */
  className?: string;
}

/**
 * Labelled figures as a named description list (a group): each label is announced with its value
 * (the value is the first `dd` after its `dt`; a note, when there is one, a second `dd`).
 */
export function FigureList({ figures, label, layout = 'grid', cols = 3, className }: FigureListProps) {
  if (layout === 'statement') {
    return (
      <Box role="group" aria-label={label}>
        <Box component="dl" m={0} maw={560} className={className}>
          {figures.map((figure) => (
            <Box
              key={figure.label}
              data-figure={figure.label}
              py={3}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'baseline',
                columnGap: 'var(--mantine-spacing-md)',
                borderTop: figure.result ? '1px solid var(--mantine-color-gray-5)' : undefined,
              }}
            >
              <Text component="dt" size="sm" fw={figure.result ? 700 : 400} style={{ flex: '1 1 8rem', minWidth: 0 }}>
                {figure.label}
              </Text>
              <Text
                component="dd"
                m={0}
                fw={700}
                ta="right"
                style={{ marginLeft: 'auto', whiteSpace: 'nowrap', color: figure.negative ? NEGATIVE_COLOR : undefined }}
              >
                {figure.value}
              </Text>
              {figure.note !== undefined && (
                <Text component="dd" m={0} size="xs" c="gray.7" style={{ flexBasis: '100%' }}>
                  {figure.note}
                </Text>
              )}
            </Box>
          ))}
        </Box>
      </Box>
    );
  }
  return (
    <Box role="group" aria-label={label}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, sm: cols }} spacing="xs" verticalSpacing={4} m={0} className={className}>
        {figures.map((figure) => (
          <Box key={figure.label} data-figure={figure.label}>
            <Text component="dt" size="xs" c="gray.7">
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={700} style={figure.negative ? { color: NEGATIVE_COLOR } : undefined}>
              {figure.value}
            </Text>
            {figure.note !== undefined && (
              <Text component="dd" m={0} size="xs" c="gray.7">
                {figure.note}
              </Text>
            )}
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
