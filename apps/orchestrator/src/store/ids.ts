import { randomBytes } from "node:crypto";

/** Crockford's base32, lower case: sorts the same as the numbers it encodes. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** 10 digits of 5 bits hold milliseconds until the year 10889. */
const TIME_DIGITS = 10;
/** 40 random bits: two processes' ids from one millisecond collide with odds of about n² / 2^41. */
const RANDOM_DIGITS = 8;

export type IdPrefix = "g" | "repo" | "ag" | "sec" | "tok" | "run" | "msg" | "gen" | "tc" | "note" | "qmsg";

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * A short id that sorts by creation: `tc_01hx3k9v2m7d5q8r4t`. Within one process ids only grow,
 * even within one millisecond or when the clock steps back (the random part counts up then), so
 * ordering rows by id gives the order they were made in, e.g. the tool calls of one generation.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  if (now > lastTime) {
    lastTime = now;
    lastRandom = [...randomBytes(RANDOM_DIGITS)].map((byte) => byte % 32);
  } else {
    incrementDigits(lastRandom);
  }
  let time = "";
  let rest = lastTime;
  for (let digit = 0; digit < TIME_DIGITS; digit += 1) {
    time = ALPHABET.charAt(rest % 32) + time;
    rest = Math.floor(rest / 32);
  }
  return `${prefix}_${time}${lastRandom.map((digit) => ALPHABET.charAt(digit)).join("")}`;
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
