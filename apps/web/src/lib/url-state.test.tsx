import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readFilters, useUrlFilters, writeFilters } from './url-state';

const defaults = { fromDate: '', toDate: '', memberId: '', section: 'transferred' };

function setup(initialUrl: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      // A fresh defaults object every render, as a page would write it.
      ...useUrlFilters({ ...defaults }),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}

describe('readFilters / writeFilters', () => {
  it('round-trips any values, including empty ones and characters that need escaping', () => {
    const values = [
      { fromDate: '2025-03-01', toDate: '2025-03-07', memberId: 'a&b=c d/é', section: '' },
      { fromDate: '', toDate: '', memberId: '', section: 'transferred' },
      { fromDate: '', toDate: '2025-01-01', memberId: '+', section: 'rejected' },
    ];
    for (const filters of values) {
      const written = writeFilters(new URLSearchParams('page=3'), filters, defaults);
      const reparsed = new URLSearchParams(written.toString());
      expect(readFilters(reparsed, defaults)).toEqual(filters);
      expect(reparsed.get('page')).toBe('3');
    }
  });

  it('writes filters explicitly, leaving out only empty ones with empty defaults', () => {
    const written = writeFilters(new URLSearchParams(), { ...defaults, fromDate: '2025-03-01' }, defaults);
    expect(written.toString()).toBe('fromDate=2025-03-01&section=transferred');
  });
});

describe('useUrlFilters', () => {
  it('gives the defaults for an empty URL and the URL values otherwise', () => {
    expect(setup('/r').result.current.filters).toEqual(defaults);
    const { result } = setup('/r?fromDate=2025-03-01&memberId=player1&other=x');
    expect(result.current.filters).toEqual({ ...defaults, fromDate: '2025-03-01', memberId: 'player1' });
  });

  it('keeps the same filters object while the URL does not change', () => {
    const { result, rerender } = setup('/r?fromDate=2025-03-01');
    const first = result.current.filters;
    rerender();
    expect(result.current.filters).toBe(first);
  });

  it('pushes on Show Details so Back restores the previous view', () => {
    const { result } = setup('/reports/pointtransfer');
    act(() => {
      result.current.setFilters({ fromDate: '2025-03-01', toDate: '2025-03-07' });
    });
    expect(result.current.location.pathname).toBe('/reports/pointtransfer');
    expect(result.current.filters).toMatchObject({ fromDate: '2025-03-01', toDate: '2025-03-07' });

    act(() => {
      result.current.setFilters({ fromDate: '2025-03-08', toDate: '2025-03-14', memberId: 'player1' });
    });
    expect(result.current.filters).toMatchObject({ fromDate: '2025-03-08', memberId: 'player1' });

    act(() => result.current.navigate(-1));
    expect(result.current.filters).toEqual({ ...defaults, fromDate: '2025-03-01', toDate: '2025-03-07' });
    act(() => result.current.navigate(-1));
    expect(result.current.filters).toEqual(defaults);
  });

  it('replaces for trivial changes, adding no history entry', () => {
    const { result } = setup('/r');
    act(() => {
      result.current.setFilters({ fromDate: '2025-03-01' });
    });
    act(() => {
      result.current.setFilters({ section: 'rejected' }, { history: 'replace' });
    });
    expect(result.current.filters).toMatchObject({ fromDate: '2025-03-01', section: 'rejected' });
    act(() => result.current.navigate(-1));
    expect(result.current.filters).toEqual(defaults);
  });

  it('keeps params it does not own and adds no entry when nothing changes', () => {
    const { result } = setup('/r?page=2&fromDate=2025-03-01');
    let changed = true;
    act(() => {
      changed = result.current.setFilters({ fromDate: '2025-03-01' });
    });
    expect(changed).toBe(false);
    act(() => {
      changed = result.current.setFilters({ memberId: 'm 1' });
    });
    expect(changed).toBe(true);
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('page')).toBe('2');
    expect(params.get('memberId')).toBe('m 1');
    act(() => result.current.navigate(-1));
    expect(result.current.location.search).toBe('?page=2&fromDate=2025-03-01');
  });
});
