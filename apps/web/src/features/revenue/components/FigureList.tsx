import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NEGATIVE_COLOR } from '../../../components/ui';

export interface Figure {
  label: string;
  value: ReactNode;
  /** Shown in red (the value keeps its minus sign, so the colour is never the only cue). */
  negative?: boolean;
}

/** Labelled figures as a named description list (a group): each label is announced with its value. */
export function FigureList({ figures, label, cols = 3 }: { figures: readonly Figure[]; label: string; cols?: number }) {
  return (
    <Box role="group" aria-label={label}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, sm: cols }} spacing="xs" verticalSpacing={4} m={0}>
        {figures.map((figure) => (
          <Box key={figure.label} data-figure={figure.label}>
            <Text component="dt" size="xs" c="gray.7">
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={700} style={figure.negative ? { color: NEGATIVE_COLOR } : undefined}>
              {figure.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
