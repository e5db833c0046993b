import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { papanAntrean, papanAntreanNs } from './i18n';
import { spokenNumber } from './spokenCall';

const spoken = (number: string) => spokenNumber(number, papanAntrean.digits);

describe('a called number as the board says it', () => {
  it('spells the prefix letter by letter and says each digit as an Indonesian word', () => {
    expect(spoken('INT-012')).toBe('I N T nol satu dua');
    expect(spoken('ANA-340')).toBe('A N A tiga empat nol');
    expect(spoken('GIG-9587')).toBe('G I G sembilan lima delapan tujuh');
    expect(spoken('int-006')).toBe('I N T nol nol enam');
  });

  it('makes the whole sentence with the clinic to go to', () => {
    expect(
      i18n.t('speech', {
        ns: papanAntreanNs,
        number: spoken('INT-012'),
        clinic: 'Poli Penyakit Dalam',
      }),
    ).toBe('Nomor antrean I N T nol satu dua, silakan ke Poli Penyakit Dalam');
  });
});
