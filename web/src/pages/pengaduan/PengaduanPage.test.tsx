import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings, SETTINGS_KEY } from '../../components/settings';
import i18n from '../../i18n';
import { json, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const categories = [
  { code: 'pelayanan', name: 'Pelayanan' },
  { code: 'fasilitas', name: 'Fasilitas' },
];

describe('filing a complaint', () => {
  it('checks the fields, then shows the tracking code and the status link', async () => {
    const fetchMock = mockApi({
      'GET /api/complaint-categories': () => categories,
      'POST /api/complaints': () => json({ code: 'P4KQ9XHT', status: 'RECEIVED' }, 201),
    });
    const { user } = renderApp('/pengaduan');
    await user.click(await screen.findByRole('button', { name: 'Kirim Pengaduan' }));
    expect(await screen.findByText('Isi pengaduan wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Kategori wajib diisi.')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Fasilitas' });
    await user.selectOptions(screen.getByLabelText('Kategori'), 'fasilitas');
    await user.type(screen.getByLabelText('Pesan'), 'AC ruang tunggu mati.');
    await user.type(screen.getByLabelText('No. HP'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Kirim Pengaduan' }));

    expect(await screen.findByText('P4KQ-9XHT')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pengaduan diterima' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'POST /api/complaints')[0]?.body).toEqual({
      category: 'fasilitas',
      message: 'AC ruang tunggu mati.',
      phone: '081234567890',
    });
    expect(screen.getByRole('link', { name: 'Lihat status pengaduan' })).toHaveAttribute(
      'href',
      '/pengaduan/lacak?kode=P4KQ-9XHT&hp=081234567890',
    );
  });

  it('in English, tells the contract’s messages in English: the form’s own check and the server’s', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...defaultSettings, language: 'en' }));
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/complaint-categories': () => categories,
      'POST /api/complaints': () =>
        json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Data yang dikirim tidak valid.',
              fields: { unit: 'Unit paling panjang 100 karakter.' },
            },
          },
          400,
        ),
    });
    const { user } = renderApp('/pengaduan');
    await user.click(await screen.findByRole('button', { name: 'Send Complaint' }));
    expect(await screen.findByText('Complaint is required.')).toBeInTheDocument();
    expect(screen.getByText('Category is required.')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Fasilitas' });
    await user.selectOptions(screen.getByLabelText('Category'), 'fasilitas');
    await user.type(screen.getByLabelText('Message'), 'AC ruang tunggu mati.');
    await user.type(screen.getByLabelText('Mobile number'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Send Complaint' }));

    expect(await screen.findByText('Unit can be at most 100 characters long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Unit (optional)')).toHaveAccessibleDescription(
      /Unit can be at most 100 characters long\./,
    );
  });

  it('shows the hospital’s answers on the status page', async () => {
    mockApi({
      'GET /api/complaints/P4KQ-9XHT': () => ({
        code: 'P4KQ9XHT',
        category: categories[1],
        unit: null,
        message: 'AC ruang tunggu mati.',
        status: 'IN_PROGRESS',
        createdAt: '2030-01-05T06:00:00.000Z',
        responses: [{ message: 'Teknisi sedang memperbaiki.', at: '2030-01-05T07:00:00.000Z' }],
      }),
    });
    renderApp('/pengaduan/lacak?kode=P4KQ-9XHT&hp=081234567890');
    expect(await screen.findByText('Teknisi sedang memperbaiki.')).toBeInTheDocument();
    expect(screen.getByText('Diproses')).toBeInTheDocument();
  });
});
