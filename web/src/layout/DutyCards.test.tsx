import {
  type DutyResponse,
  type DutyRole,
  fill,
  type Officer,
  TOO_MANY_WRONG_PASSWORDS,
  TRY_AGAIN_IN,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { defaultSettings, SETTINGS_KEY } from '../components/settings';
import i18n from '../i18n';
import { apiError, type MockRequest, mockApi, requestsTo } from '../test/mockApi';
import { renderApp } from '../test/renderApp';

const rahmawati: Officer = { id: 3, name: 'Ns. Rahmawati Hamid, S.Kep.', phone: '081342778904' };
const hendra: Officer = { id: 5, name: 'Ns. Hendra Saputra, S.Kep.', phone: '081355902146' };
const ridwan: Officer = { id: 4, name: 'Sertu Muhammad Ridwan', phone: '082188430215' };
const nurul: Officer = { id: 7, name: 'Nurul Hikmah, S.Sos.', phone: '081243667312' };
const dewi: Officer = { id: 8, name: 'Dewi Lestari Amir', phone: '082293014587' };

const passwords = new Map([
  [hendra.id, 'rahasia-hendra'],
  [ridwan.id, 'rahasia-ridwan'],
  [dewi.id, 'rahasia-dewi'],
]);

let duty: DutyResponse;
let fetchMock: Mock<typeof fetch>;
let throttled: boolean;

function handover(role: DutyRole) {
  return ({ body }: MockRequest) => {
    if (throttled)
      return apiError(429, 'TOO_MANY_ATTEMPTS', fill(TRY_AGAIN_IN, { why: TOO_MANY_WRONG_PASSWORDS, n: 60 }));
    const { staffId, password } = body as { staffId: number; password: string };
    if (passwords.get(staffId) !== password) return apiError(401, 'WRONG_PASSWORD', 'Kata sandi salah.');
    const officer = [hendra, ridwan, dewi].find((candidate) => candidate.id === staffId) as Officer;
    duty = { ...duty, [role]: officer };
    return officer;
  };
}

beforeEach(() => {
  duty = { piket: rahmawati, cs: nurul };
  throttled = false;
  fetchMock = mockApi({
    'GET /api/duty': () => duty,
    'GET /api/duty/piket/candidates': () => [hendra, ridwan].filter((o) => o.id !== duty.piket?.id),
    'GET /api/duty/cs/candidates': () => [dewi].filter((o) => o.id !== duty.cs?.id),
    'POST /api/duty/piket/handover': handover('piket'),
    'POST /api/duty/cs/handover': handover('cs'),
  });
});

/** The sidebar's names in the UI's language. */
const sidebarNames = {
  id: { settings: 'Pengaturan', close: 'Tutup pengaturan' },
  en: { settings: 'Settings', close: 'Close settings' },
};

async function openCard(title: string, names = sidebarNames.id) {
  const app = renderApp('/');
  await app.user.click(screen.getByRole('button', { name: names.settings }));
  const sidebar = await screen.findByRole('complementary', { name: names.settings });
  // Once opened, the sidebar focuses its close button; a prompt opened before that would lose the focus.
  await waitFor(() => expect(within(sidebar).getByRole('button', { name: names.close })).toHaveFocus());
  return { ...app, card: within(within(sidebar).getByRole('region', { name: title })) };
}

describe('duty cards in the settings sidebar', () => {
  it('shows the on-duty officer with a phone and a WhatsApp link', async () => {
    const { card } = await openCard('Petugas Piket');
    expect(await card.findByText(rahmawati.name)).toBeInTheDocument();
    expect(card.getByRole('link', { name: /Telepon Ns\. Rahmawati/ })).toHaveAttribute(
      'href',
      'tel:081342778904',
    );
    expect(card.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/6281342778904',
    );
  });

  it('says so when nobody holds the post', async () => {
    duty = { piket: null, cs: nurul };
    const { card } = await openCard('Petugas Piket');
    expect(await card.findByText('Belum ada petugas')).toBeInTheDocument();
  });

  it('hands over only with the right password; a wrong one keeps the prompt open, Batal changes nothing', async () => {
    const { user, card } = await openCard('Petugas Piket');
    await card.findByText(rahmawati.name);

    await user.click(card.getByRole('button', { name: 'Ganti Petugas Piket' }));
    const candidates = await card.findByRole('list', { name: /Pilih petugas/ });
    expect(
      within(candidates)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([`${hendra.name}${hendra.phone}`, `${ridwan.name}${ridwan.phone}`]);

    await user.click(within(candidates).getByRole('button', { name: new RegExp(hendra.name) }));
    const prompt = await screen.findByRole('dialog', { name: `Password : ${hendra.name}` });
    expect(within(prompt).getByText(`Password : ${hendra.name}`)).toBeInTheDocument();
    const password = within(prompt).getByLabelText(`Password : ${hendra.name}`);
    await waitFor(() => expect(password).toHaveFocus());

    await user.type(password, 'salah{Enter}');
    expect(await within(prompt).findByText('Password salah.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `Password : ${hendra.name}` })).toBeInTheDocument();
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription('Password salah.');
    expect(card.getByText(rahmawati.name)).toBeInTheDocument();

    await user.click(within(prompt).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card.getByText(rahmawati.name)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/duty/piket/handover')).toHaveLength(1);

    await user.click(within(candidates).getByRole('button', { name: new RegExp(hendra.name) }));
    const again = await screen.findByRole('dialog', { name: `Password : ${hendra.name}` });
    expect(within(again).queryByText('Password salah.')).not.toBeInTheDocument();
    await user.type(within(again).getByLabelText(`Password : ${hendra.name}`), 'rahasia-hendra');
    await user.click(within(again).getByRole('button', { name: 'Oke' }));

    expect(await card.findByText(hendra.name)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card.queryByRole('list')).not.toBeInTheDocument();
    // The focus goes back to the button that opened the list once the dialog has gone (after its animation).
    await waitFor(() => expect(card.getByRole('button', { name: 'Ganti Petugas Piket' })).toHaveFocus());
    expect(requestsTo(fetchMock, 'POST /api/duty/piket/handover').map((request) => request.body)).toEqual([
      { staffId: hendra.id, password: 'salah' },
      { staffId: hendra.id, password: 'rahasia-hendra' },
    ]);

    // The next list offers the officer who just handed over, not the new one.
    await user.click(card.getByRole('button', { name: 'Ganti Petugas Piket' }));
    const next = await card.findByRole('list', { name: /Pilih petugas/ });
    await waitFor(() =>
      expect(within(next).queryByRole('button', { name: new RegExp(hendra.name) })).toBeNull(),
    );
  });

  it('hands over customer service from the "Ganti Customer Service" button', async () => {
    const { user, card } = await openCard('Customer Service');
    expect(await card.findByText(nurul.name)).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Ganti Customer Service' }));
    await user.click(await card.findByRole('button', { name: new RegExp(dewi.name) }));
    const prompt = await screen.findByRole('dialog', { name: `Password : ${dewi.name}` });
    await user.type(within(prompt).getByLabelText(`Password : ${dewi.name}`), 'rahasia-dewi{Enter}');

    expect(await card.findByText(dewi.name)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Petugas Piket' })).toHaveTextContent(rahmawati.name);
  });

  it('asks for a password before asking the server', async () => {
    const { user, card } = await openCard('Petugas Piket');
    await user.click(card.getByRole('button', { name: 'Ganti Petugas Piket' }));
    await user.click(await card.findByRole('button', { name: new RegExp(ridwan.name) }));
    const prompt = await screen.findByRole('dialog', { name: `Password : ${ridwan.name}` });

    await user.click(within(prompt).getByRole('button', { name: 'Oke' }));
    expect(within(prompt).getByText('Password wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/duty/piket/handover')).toHaveLength(0);
  });

  it('tells when to try again after too many attempts', async () => {
    throttled = true;
    const { user, card } = await openCard('Petugas Piket');
    await user.click(card.getByRole('button', { name: 'Ganti Petugas Piket' }));
    await user.click(await card.findByRole('button', { name: new RegExp(ridwan.name) }));
    const prompt = await screen.findByRole('dialog', { name: `Password : ${ridwan.name}` });

    await user.type(within(prompt).getByLabelText(`Password : ${ridwan.name}`), 'rahasia-ridwan{Enter}');
    expect(
      await within(prompt).findByText(
        'Terlalu banyak percobaan kata sandi yang salah. Coba lagi dalam 60 detik.',
      ),
    ).toBeInTheDocument();
    expect(card.getByText(rahmawati.name)).toBeInTheDocument();
  });

  it('tells it in English where the portal speaks English', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...defaultSettings, language: 'en' }));
    await i18n.changeLanguage('en');
    throttled = true;
    const { user, card } = await openCard('On-Duty Officer', sidebarNames.en);
    await user.click(await card.findByRole('button', { name: /^Change / }));
    await user.click(await card.findByRole('button', { name: new RegExp(ridwan.name) }));
    const prompt = await screen.findByRole('dialog', { name: `Password: ${ridwan.name}` });
    await user.type(within(prompt).getByLabelText(`Password: ${ridwan.name}`), 'rahasia-ridwan{Enter}');
    expect(
      await within(prompt).findByText('Too many wrong passwords. Try again in 60 seconds.'),
    ).toBeInTheDocument();
  });
});
