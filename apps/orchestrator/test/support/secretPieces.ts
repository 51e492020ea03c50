/** A secret with a punctuation mark in every run of 4, so that no id or log path of a run can hold a piece of it by chance. */
export const SECRET = "Sk~Lv!Qz@9W#xY%vU^tR&sP*qO(nM)lK~jI!hG@f";
const PIECE = 4;

/** Every run of 4 characters of SECRET: none may be left anywhere. */
export function secretPieces(): string[] {
  const pieces: string[] = [];
  for (let start = 0; start + PIECE <= SECRET.length; start += 1)
    pieces.push(SECRET.slice(start, start + PIECE));
  return pieces;
}

/** The pieces of SECRET that `text` holds. */
export function leakedPieces(text: string): string[] {
  return secretPieces().filter((piece) => text.includes(piece));
}
