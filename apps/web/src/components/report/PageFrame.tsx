import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { errorMessage } from '../../lib/api-client';

export interface PageFrameProps {
  /** The page's heading (the one h1 of the page) and the document title. */
  title: string;
  /** Shows a loading indicator, announced to screen readers, while data is fetched. */
  loading?: boolean;
  /**
   * Shown in a red alert when set: an `ApiError` or `Error` (its message) or a string.
   * `null`/`undefined` shows nothing. Report pages that follow spec section 8 ("failed report
   * fetches: console only") simply do not pass it.
   */
  error?: unknown;
  /** Beside the title: filters, export buttons. */
  actions?: ReactNode;
  children?: ReactNode;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.name !== 'ApiError') return error.message || errorMessage(error);
  return errorMessage(error);
}

/** The frame of every report page: heading, loading indicator, error alert, then the content. */
export function PageFrame({ title, loading = false, error, actions, children }: PageFrameProps) {
  useEffect(() => {
    document.title = `${title} | Playrep Back Office`;
  }, [title]);

  const hasError = error !== null && error !== undefined && error !== false && error !== '';

  return (
    <Stack gap="md" component="section" aria-labelledby="page-title" aria-busy={loading || undefined}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2" id="page-title">
          {title}
        </Title>
        {actions}
      </Group>
      {loading && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading...</Text>
        </Group>
      )}
      {hasError && (
        <Alert color="red" role="alert">
          {messageOf(error)}
        </Alert>
      )}
      {children}
    </Stack>
  );
}
