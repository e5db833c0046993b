import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { describe, expect, it } from 'vitest';
import { LayoutProvider, useLayout } from './LayoutContext';
import { PrimeScope } from './PrimeScope';

function Switches() {
  const { settings, updateSettings } = useLayout();
  return (
    <>
      <button type="button" onClick={() => updateSettings({ ripple: !settings.ripple })}>
        ripple
      </button>
      <button type="button" onClick={() => updateSettings({ inputStyle: 'filled' })}>
        filled
      </button>
    </>
  );
}

function renderScope() {
  const user = userEvent.setup();
  render(
    <LayoutProvider>
      <Switches />
      <PrimeScope>
        <Button type="button" label="Simpan" />
        <InputText aria-label="Nama" />
      </PrimeScope>
    </LayoutProvider>,
  );
  return user;
}

const ink = () => screen.getByRole('button', { name: 'Simpan' }).querySelector('.p-ink');

describe('PrimeScope', () => {
  it('gives PrimeReact components the ripple, on by default and switchable at run time', async () => {
    const user = renderScope();
    await waitFor(() => expect(ink()).not.toBeNull());

    await user.click(screen.getByRole('button', { name: 'ripple' }));
    await waitFor(() => expect(ink()).toBeNull());

    await user.click(screen.getByRole('button', { name: 'ripple' }));
    await waitFor(() => expect(ink()).not.toBeNull());
  });

  it('gives them the chosen input style', async () => {
    const user = renderScope();
    expect(screen.getByLabelText('Nama')).not.toHaveClass('p-variant-filled');

    await user.click(screen.getByRole('button', { name: 'filled' }));
    await waitFor(() => expect(screen.getByLabelText('Nama')).toHaveClass('p-variant-filled'));
    expect(document.documentElement).toHaveClass('p-input-filled');
  });
});
