import { ROLES, type Role, SCREENS, type Screen } from '@playrep/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInServer } from '../../test/fetch-stub';
import { renderRouter, signInAs } from '../../test/render-app';
import { SubjectPicker, useReportSubject } from './ReportSubject';
import { ReportScreenContext } from './report-screen';

const ACCOUNTS = [
  { _id: 'u-master1', username: 'master1', fullname: 'Manoj Patel', role: 'master' },
  { _id: 'u-master2', username: 'master2', fullname: 'Meena Rao', role: 'master' },
  { _id: 'u-player1', username: 'player1', fullname: 'Pia Rao', role: 'player' },
];

/** accountsearch answers like the server: accounts whose username or name contains q. Returns the queries asked. */
function server(): Record<string, string>[] {
  const searches: Record<string, string>[] = [];
  signedInServer((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname !== '/api/playrep/accountsearch') return undefined;
    const query = Object.fromEntries(url.searchParams);
    searches.push(query);
    const q = (query.q ?? '').toLowerCase();
    const roles = query.roles?.split(',');
    const matching = ACCOUNTS.filter((a) => a.username.includes(q) || a.fullname.toLowerCase().includes(q));
    return jsonResponse(200, {
      data: matching.filter((a) => !roles || roles.includes(a.role)),
      members: query.members === '1' ? matching.filter((a) => a.role === 'player') : [],
    });
  });
  return searches;
}

/** A report page in miniature: the picker inside a filters form, and what the page would query. */
function Page({ onSubmit }: { onSubmit: () => void }) {
  const { subjectId } = useReportSubject();
  const { search } = useLocation();
  return (
    <form
      aria-label="Report filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <SubjectPicker />
      <output aria-label="subject">{subjectId ?? 'self'}</output>
      <output aria-label="search">{search}</output>
    </form>
  );
}

/** `screen`: the permission table row the router would provide (none: outside a report page). */
function renderPage(role: Role, path = '/report', screen?: Screen) {
  signInAs(role);
  const onSubmit = vi.fn();
  const page = <Page onSubmit={onSubmit} />;
  const element = screen ? <ReportScreenContext.Provider value={screen}>{page}</ReportScreenContext.Provider> : page;
  const router = createMemoryRouter(
    [
      { path: '/report', element },
      { path: '*', element: null }, // where an option leads (a member page)
    ],
    { initialEntries: [path] },
  );
  renderRouter(router);
  return { router, onSubmit };
}

const picker = () => screen.getByRole('combobox', { name: 'Report for' }) as HTMLInputElement;
const subject = () => screen.getByLabelText('subject').textContent;
/** The words searched for (an empty search, the list on opening, sends no `q`: the server's default). */
const typed = (searches: Record<string, string>[]) => searches.map((s) => s.q ?? '').filter((q) => q !== '');

describe('SubjectPicker', () => {
  it('searches as the manager types (debounced), shows username, name and role, and sets id in the URL as a new entry', async () => {
    const user = userEvent.setup({ delay: null });
    const searches = server();
    const { router } = renderPage('areamanager', '/report?date=2025-03-05');
    expect(screen.getByText('Myself (am1)')).toBeTruthy();
    expect(subject()).toBe('self');

    await user.type(picker(), 'mast');
    const option = await screen.findByRole('option', { name: /master1/ });
    expect(option.textContent).toContain('Manoj Patel');
    expect(option.textContent).toContain('master');
    expect(screen.getByRole('option', { name: /master2/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /player1/ })).toBeNull();
    // One search for the word typed, none per keystroke; never scoped by the current subject.
    await waitFor(() => expect(typed(searches)).toEqual(['mast']));
    expect(searches.every((s) => !('id' in s))).toBe(true);

    await user.click(option);
    await waitFor(() => expect(subject()).toBe('u-master1'));
    expect(router.state.location.search).toBe('?date=2025-03-05&id=u-master1&subject=master1');
    expect(router.state.historyAction).toBe('PUSH');
    expect(picker().value).toBe('master1');

    // Back returns to the manager itself.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(picker().value).toBe(''));
    expect(subject()).toBe('self');
    expect(router.state.location.search).toBe('?date=2025-03-05');
  });

  it('is keyboard accessible: arrows and Enter choose, Enter never submits the filters, Escape and the clear control', async () => {
    const user = userEvent.setup({ delay: null });
    const searches = server();
    const { router, onSubmit } = renderPage('admin');

    await user.click(picker());
    await user.keyboard('player');
    await screen.findByRole('option', { name: /player1/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(subject()).toBe('u-player1'));

    // An exact username and Enter chooses it, with no option highlighted.
    await user.clear(picker());
    await user.type(picker(), 'master2');
    await waitFor(() => expect(typed(searches)).toContain('master2'));
    await screen.findByRole('option', { name: /master2/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(subject()).toBe('u-master2'));
    expect(router.state.location.search).toBe('?id=u-master2&subject=master2');
    expect(onSubmit).not.toHaveBeenCalled();

    // Escape puts the current subject back.
    await user.type(picker(), 'xyz');
    await user.keyboard('{Escape}');
    expect(picker().value).toBe('master2');

    // The clear control is a button reached with Tab.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear: back to Myself' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(subject()).toBe('self'));
    expect(router.state.location.search).toBe('');
    expect(picker().value).toBe('');
    expect(screen.getByText('Myself (admin1)')).toBeTruthy();
  });

  it("offers 'Myself' first once another account is the subject", async () => {
    const user = userEvent.setup({ delay: null });
    server();
    const { router } = renderPage('superadmin', '/report?id=u-master1&subject=master1');
    await user.click(picker());
    const options = await screen.findAllByRole('option');
    expect(options[0]!.textContent).toBe('Myself (superadmin)');
    await user.click(options[0]!);
    await waitFor(() => expect(subject()).toBe('self'));
    expect(router.state.location.search).toBe('');
  });

  it("shows a shared link's account, confirmed with a search", async () => {
    const searches = server();
    renderPage('superareamanager', '/report?id=u-master2&subject=master2');
    expect(picker().value).toBe('master2');
    expect(await screen.findByText('Meena Rao (master)')).toBeTruthy();
    expect(searches.map((s) => s.q)).toEqual(['master2']);
  });

  it.each([
    ['revenue', ['master1', 'master2'], 'superadmin,admin,superareamanager,areamanager,master'],
    ['agentDetails', ['master1', 'master2'], 'superadmin,admin,superareamanager,areamanager,master'],
    ['pointTransfer', ['master1', 'master2', 'player1'], 'superadmin,admin,superareamanager,areamanager,master,player'],
  ])('offers only the accounts the report can be about (%s), and players’ member pages besides', async (key, offered, roles) => {
    const user = userEvent.setup({ delay: null });
    const searches = server();
    renderPage(
      'areamanager',
      '/report',
      SCREENS.find((s) => s.key === key),
    );
    await user.type(picker(), 'a');
    await waitFor(() => expect(typed(searches)).toEqual(['a']));
    await screen.findByRole('option', { name: /master1/ });
    const options = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    const name = (text: string) => text.match(/^(master|player)\d/)?.[0];
    expect(options.filter((o) => !o.endsWith('member page')).map(name)).toEqual(offered);
    expect(searches.every((s) => s.roles === roles)).toBe(true);
    // A report not about players finds them too, to open their member page; one about them offers them as its subject.
    const aboutPlayers = roles.split(',').includes('player');
    expect(options.filter((o) => o.endsWith('member page')).map(name)).toEqual(aboutPlayers ? [] : ['player1']);
    expect(searches.filter((s) => s.q).every((s) => (s.members === '1') === !aboutPlayers)).toBe(true);
    // The list on opening (nothing typed) holds no member pages.
    expect(searches.filter((s) => !s.q).some((s) => s.members === '1')).toBe(false);
  });

  it('opens the member page of a player chosen under Member pages', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    const { router } = renderPage(
      'areamanager',
      '/report',
      SCREENS.find((s) => s.key === 'revenue'),
    );
    await user.type(picker(), 'pia');
    const option = await screen.findByRole('option', { name: /player1.*member page/ });
    expect(screen.getByText('Member pages')).toBeTruthy();
    await user.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe('/areamanager/reports/member'));
    expect(router.state.location.search).toBe('?username=player1');
  });

  it.each(ROLES)('is there for managers only (%s)', (role) => {
    server();
    renderPage(role, '/report?id=u-master1&subject=master1');
    expect(subject()).toBe('u-master1');
    const manager = ['superadmin', 'admin', 'superareamanager', 'areamanager'].includes(role);
    expect(screen.queryByRole('combobox', { name: 'Report for' }) !== null).toBe(manager);
    expect(screen.queryByText('Report for') !== null).toBe(manager);
  });
});
