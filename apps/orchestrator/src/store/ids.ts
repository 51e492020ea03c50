import { randomFillSync } from "node:crypto";

/** Crockford's base32, lower case: sorts the same as the numbers it encodes. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** 10 digits of 5 bits hold milliseconds until the year 10889. */
const TIME_DIGITS = 10;
/** 40 random bits: two processes' ids from one millisecond collide with odds of about n² / 2^41. */
const RANDOM_DIGITS = 8;

export type IdPrefix = "g" | "repo" | "ag" | "sec" | "tok" | "run" | "msg" | "gen" | "tc" | "note" | "qmsg";

let lastTime = -1;
let lastRandom: number[] = [];
/** lastTime's digits, computed once per millisecond. */
let timeDigits = { of: -1, text: "" };
/** Random bytes fetched from the CSPRNG a page at a time: one call per many ids, not one per id. */
const randomPool = Buffer.alloc(2048);
let randomPoolUsed = randomPool.length;

/**
 * A short id that sorts by creation: `tc_01hx3k9v2m7d5q8r4t`. Within one process ids only grow,
 * even within one millisecond or when the clock steps back (the random part counts up then), so
 * ordering rows by id gives the order they were made in, e.g. the tool calls of one generation.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  if (now > lastTime) {
    lastTime = now;
    lastRandom = randomDigits();
  } else {
    incrementDigits(lastRandom);
  }
  if (timeDigits.of !== lastTime) timeDigits = { of: lastTime, text: timeText(lastTime) };
  let random = "";
  for (const digit of lastRandom) random += ALPHABET.charAt(digit);
  return `${prefix}_${timeDigits.text}${random}`;
}

function timeText(milliseconds: number): string {
  let time = "";
  let rest = milliseconds;
  for (let digit = 0; digit < TIME_DIGITS; digit += 1) {
    time = ALPHABET.charAt(rest % 32) + time;
    rest = Math.floor(rest / 32);
  }
  return time;
}

function randomDigits(): number[] {
  if (randomPoolUsed + RANDOM_DIGITS > randomPool.length) {
    randomFillSync(randomPool);
    randomPoolUsed = 0;
  }
  const digits: number[] = [];
  for (let index = 0; index < RANDOM_DIGITS; index += 1)
    digits.push((randomPool[randomPoolUsed + index] ?? 0) % 32);
  randomPoolUsed += RANDOM_DIGITS;
  return digits;
}

/** Adds one to a base-32 number; on overflow (2^40 ids in one millisecond) moves time forward. */
function incrementDigits(digits: number[]): void {
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    const next = (digits[index] ?? 0) + 1;
    digits[index] = next % 32;
    if (next < 32) return;
  }
  lastTime += 1;
}
