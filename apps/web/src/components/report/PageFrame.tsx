import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessage, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import { formatClock } from '../../lib/format';
import { DataText } from '../../lib/i18n/data-text';
import { message, useMessages } from '../../lib/i18n/messages';
import type { LiveAnswer } from '../../lib/report-call';
import { LiveAnswerContext } from './live-answer';
import { OfflineNotice } from './OfflineNotice';
import { SUBJECT_ID_PARAM, SUBJECT_NAME_PARAM } from './ReportSubject';

export interface PageFrameProps {
  /** The page's heading (the one h1 of the page) and the document title. */
  title: string;
  /** Shows a loading indicator, announced to screen readers, while data is fetched. */
  loading?: boolean;
  /**
   * Shown in a red alert when set: an `ApiError` or `Error` (its message) or a string.
   * `null`/`undefined` shows nothing. A page that keeps a failure to the console only simply does
   * not pass it.
   */
  error?: unknown;
  /**
   * The page's live report (its call's `live`, set while its range includes today): "Updated
   * h:mm am/pm" beside the title, and its tables keep their page when it refreshes.
   */
  live?: LiveAnswer;
  /** Beside the title: filters, export buttons. */
  actions?: ReactNode;
  children?: ReactNode;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.name !== 'ApiError') return error.message || errorMessage(error);
  return ownMessage(errorMessage(error));
}

/** The api client's own messages (no answer, or none from the server) in the chosen language; the server's come in it. */
function ownMessage(text: string): string {
  if (text === DEFAULT_ERROR_MESSAGE) return message('report.somethingWrong');
  if (text === NETWORK_ERROR_MESSAGE) return message('report.unexpectedError');
  return text;
}

/** What a page's address carries after a refused subject: whose report it was asked for. */
interface RefusedSubjectState {
  refusedSubject: string;
}

/** 'master5 is not an account you may see: this is your own report instead.' */
export function refusedSubjectNotice(subject: string): string {
  return message('report.refusedSubject', { subject });
}

/**
 * A report asked about a subject the server refuses (403: a shared link naming an account outside
 * the user's subtree) is shown for the user instead: the subject leaves the address (replacing the
 * entry, so Back does not ask again) and the account asked for is kept for the notice above it.
 */
function useRefusedSubject(error: unknown): { refusing: boolean; refusedSubject: string | undefined } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const refusedId = error instanceof ApiError && error.status === 403 ? params.get(SUBJECT_ID_PARAM) : null;
  useEffect(() => {
    if (!refusedId) return;
    const next = new URLSearchParams(params);
    const name = next.get(SUBJECT_NAME_PARAM)?.trim() || message('report.linkAccount');
    next.delete(SUBJECT_ID_PARAM);
    next.delete(SUBJECT_NAME_PARAM);
    setParams(next, { replace: true, state: { refusedSubject: name } satisfies RefusedSubjectState });
  }, [refusedId, params, setParams]);
  return {
    refusing: refusedId !== null,
    refusedSubject: (location.state as Partial<RefusedSubjectState> | null)?.refusedSubject,
  };
}

/**
 * The frame of every report page: heading, loading indicator, the notice of figures kept on the
 * device (offline), the notice of a refused subject, error alert, then the content.
 */
export function PageFrame({ title: givenTitle, loading = false, error, live, actions, children }: PageFrameProps) {
  const { t, label } = useMessages();
  // A screen's title is its label in the permission table: in the chosen language.
  const title = label(givenTitle);
  useEffect(() => {
    document.title = `${title} | Playrep Back Office`;
  }, [title]);
  // The refusal that is being turned into the user's own report is not shown as a failure.
  const { refusing, refusedSubject } = useRefusedSubject(error);
  const hasError = !refusing && error !== null && error !== undefined && error !== false && error !== '';

  return (
    <Stack gap="md" component="section" aria-labelledby="page-title" aria-busy={loading || undefined}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="baseline" wrap="wrap">
          <Title order={1} size="h2" id="page-title">
            {title}
          </Title>
          {live && (
            <Text size="sm">
              <DataText id="report.updated" data={{ time: formatClock(live.updatedAt) }} />
            </Text>
          )}
        </Group>
        {actions}
      </Group>
      {loading && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('report.loading')}</Text>
        </Group>
      )}
      <OfflineNotice />
      {refusedSubject !== undefined && (
        <Alert color="yellow" role="status">
          {refusedSubjectNotice(refusedSubject)}
        </Alert>
      )}
      {hasError && (
        <Alert color="red" role="alert">
          {messageOf(error)}
        </Alert>
      )}
      <LiveAnswerContext.Provider value={live}>{children}</LiveAnswerContext.Provider>
    </Stack>
  );
}
