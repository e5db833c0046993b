import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParam } from './useUrlParam';

/** A page with two choices kept in the URL, both changed by one click. */
function Page() {
  const [, setKind] = useUrlParam('jenis');
  const [, setClinic] = useUrlParam('poli');
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setKind('login');
          setClinic('3');
        }}
      >
        Dua sekaligus
      </button>
      <output>{location.search}</output>
    </>
  );
}

describe('URL parameters written close together', () => {
  it('keeps both of two changes made before the page renders again', async () => {
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Page /> }])} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dua sekaligus' }));
    expect(screen.getByRole('status').textContent).toBe('?jenis=login&poli=3');
  });
});
