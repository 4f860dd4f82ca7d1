import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils';
import { SideScroll } from './SideScroll';

/** jsdom lays nothing out: give every element the widths a phone would (content 800 px in a 300 px box). */
function layOut(contentWidth: number, boxWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(contentWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(boxWidth);
}

const shadows = (box: HTMLElement) => {
  const viewport = box.parentElement!;
  return { left: viewport.hasAttribute('data-more-left'), right: viewport.hasAttribute('data-more-right') };
};

describe('SideScroll', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says nothing while its content fits', () => {
    layOut(300, 300);
    renderUi(
      <SideScroll label="Transfers">
        <table />
      </SideScroll>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText('Scroll sideways to see more')).toBeNull();
  });

  it('shows and tells that it scrolls sideways, and which edge has more behind it', () => {
    layOut(800, 300);
    renderUi(
      <SideScroll label="Transfers">
        <table />
      </SideScroll>,
    );
    const box = screen.getByRole('region', { name: 'Transfers', description: 'Scroll sideways to see more' });
    expect(box.tabIndex).toBe(0);
    expect(screen.getByText('Scroll sideways to see more')).toBeTruthy();
    expect(shadows(box)).toEqual({ left: false, right: true });

    box.scrollLeft = 250;
    fireEvent.scroll(box);
    expect(shadows(box)).toEqual({ left: true, right: true });

    box.scrollLeft = 500;
    fireEvent.scroll(box);
    expect(shadows(box)).toEqual({ left: true, right: false });
  });
});
