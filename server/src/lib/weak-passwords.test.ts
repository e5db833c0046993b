import { describe, expect, it } from 'vitest';
import { passwordRulesProblem, weakPasswordProblem } from './weak-passwords.js';

const person = { name: 'Serka Joko Susilo', username: 'joko.s' };

describe('a new staff password', () => {
  it('may not be a common one, with or without digits or signs after it', () => {
    for (const password of ['123456789', 'Password', 'rahasia2024!', ' Bismillah123 ', 'aaaaaaaaaa']) {
      expect(weakPasswordProblem(password, person), password).toMatch(/terlalu umum/);
    }
  });

  it('may not hold the person’s name or login name', () => {
    for (const password of ['susilo-2026', 'KopiJoko!', 'sayang.joko']) {
      expect(weakPasswordProblem(password, person), password).toMatch(/memuat nama/);
    }
  });

  it('is otherwise free', () => {
    for (const password of ['Lampu-Hijau-77', 'kereta senja ke bandung barat', '#7391-%8824!']) {
      expect(weakPasswordProblem(password, person), password).toBeUndefined();
    }
  });
});

describe('a password that did not pass the rules on its way in (a legacy one)', () => {
  it('breaks them when too short, common, or holding the name', () => {
    expect(passwordRulesProblem('1234', person)).toBe('Kata sandi minimal 8 karakter.');
    expect(passwordRulesProblem('rahasia01', person)).toMatch(/terlalu umum/);
    expect(passwordRulesProblem('joko-lama-2', person)).toMatch(/memuat nama/);
    expect(passwordRulesProblem('Lampu-Hijau-77', person)).toBeUndefined();
  });
});
