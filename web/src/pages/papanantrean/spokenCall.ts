/**
 * A queue number as it is read out: the letters one by one, each digit as its word, the dash left out
 * (`INT-012` with the Indonesian digit words: "I N T nol satu dua"), so that a voice never reads "012" as
 * "dua belas" or the prefix as a word.
 */
export function spokenNumber(number: string, digitWords: readonly string[]): string {
  return [...number]
    .flatMap((char) => {
      if (/[0-9]/.test(char)) return [digitWords[Number(char)] ?? char];
      if (/[a-z]/i.test(char)) return [char.toUpperCase()];
      return [];
    })
    .join(' ');
}
