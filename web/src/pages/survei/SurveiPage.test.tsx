import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings, SETTINGS_KEY } from '../../components/settings';
import i18n from '../../i18n';
import { apiError, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const token = 'Q7F2K9XM4TPA8WZC3HRN';
const open = { unit: 'clinic', unitName: 'Poli Penyakit Dalam', submitted: false };
const question = (element: string) => screen.getByRole('group', { name: new RegExp(`^${element}\\. `) });

describe('the satisfaction survey', () => {
  it('asks the nine questions, each with its own four answers, and sends them once as numbers', async () => {
    const fetchMock = mockApi({
      [`GET /api/public/surveys/${token}`]: () => open,
      [`POST /api/public/surveys/${token}`]: () => ({ submitted: true }),
    });
    const { user } = renderApp(`/survei/${token}`);
    expect(
      await screen.findByRole('heading', { name: 'Penilaian Anda atas: Poli Penyakit Dalam' }),
    ).toBeVisible();
    expect(screen.getAllByRole('group')).toHaveLength(9);
    expect(
      within(question('U4'))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Sangat mahal', 'Cukup mahal', 'Murah', 'Gratis']);

    await user.click(within(question('U1')).getByRole('radio', { name: 'Sesuai' }));
    await user.click(screen.getByRole('button', { name: 'Kirim Penilaian' }));
    expect(await screen.findByText('Masih ada pertanyaan yang belum dijawab.')).toBeVisible();
    expect(within(question('U2')).getByText('Pilih salah satu jawaban.')).toBeVisible();
    expect(within(question('U2')).getAllByRole('radio')[0]).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, `POST /api/public/surveys/${token}`)).toHaveLength(0);

    for (const element of ['U2', 'U3', 'U4', 'U5', 'U6', 'U7', 'U8', 'U9']) {
      await user.click(within(question(element)).getAllByRole('radio')[3] as HTMLElement);
    }
    await user.type(screen.getByLabelText('Saran dan masukan (tidak wajib)'), 'Bersih dan cepat.');
    await user.click(screen.getByRole('button', { name: 'Kirim Penilaian' }));
    expect(await screen.findByRole('heading', { name: 'Terima kasih!' })).toBeVisible();
    const [sent] = requestsTo(fetchMock, `POST /api/public/surveys/${token}`);
    expect(sent?.body).toEqual({
      u1: 3,
      u2: 4,
      u3: 4,
      u4: 4,
      u5: 4,
      u6: 4,
      u7: 4,
      u8: 4,
      u9: 4,
      comment: 'Bersih dan cepat.',
    });
  });

  it('in English, asks the questions and offers the answers in English', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...defaultSettings, language: 'en' }));
    await i18n.changeLanguage('en');
    mockApi({ [`GET /api/public/surveys/${token}`]: () => open });
    renderApp(`/survei/${token}`);
    expect(await screen.findByRole('heading', { name: 'Your rating of: Poli Penyakit Dalam' })).toBeVisible();
    expect(question('U4')).toHaveAccessibleName(/^U4\. Cost\/Tariff\s*How fair was the cost/);
    expect(
      within(question('U4'))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Very expensive', 'Rather expensive', 'Cheap', 'Free']);
  });

  it('says when the survey was answered already, and when the link is unknown', async () => {
    mockApi({ [`GET /api/public/surveys/${token}`]: () => ({ ...open, submitted: true }) });
    renderApp(`/survei/${token}`);
    expect(await screen.findByRole('heading', { name: 'Survei sudah diisi' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Kirim Penilaian' })).not.toBeInTheDocument();
  });

  it('says an unknown link is not found', async () => {
    mockApi({ 'GET /api/public/surveys/SALAH': () => apiError(404, 'NOT_FOUND', 'Survei tidak ditemukan.') });
    renderApp('/survei/SALAH');
    expect(await screen.findByRole('heading', { name: 'Survei tidak ditemukan' })).toBeVisible();
  });
});
