import { expect, test } from "vitest";
import { terminalText } from "../../src/cli/terminalText.ts";

const ESC = "\u001b";

test.for([
  ["an OSC ended by BEL", `a${ESC}]0;title\u0007b`, "ab"],
  [
    "a hyperlink (OSC 8, ended by ST): its text stays",
    `${ESC}]8;;https://x/${ESC}\\link${ESC}]8;;${ESC}\\`,
    "link",
  ],
  ["an OSC with no end: the rest of the text goes", `kept${ESC}]0;title`, "kept"],
  ["CSI colours, cursor moves, private modes", `${ESC}[31mred${ESC}[0m${ESC}[5;5H${ESC}[?1049h!`, "red!"],
  ["C1 CSI and C1 OSC up to C1 ST", "x\u009b2Jy\u009d0;t\u009cz", "xyz"],
  [
    "DCS, SOS, PM and APC strings",
    `a${ESC}Pq#1${ESC}\\b${ESC}Xs${ESC}\\c${ESC}^p${ESC}\\d${ESC}_a${ESC}\\e`,
    "abcde",
  ],
  ["other escape sequences and a lone ESC", `${ESC}c${ESC}(Bx${ESC}`, "x"],
  ["C0 controls but tab and newline, DEL", "t\tn\nr\rb\u0008z\u0000\u007f!", "t\tn\nrbz!"],
  ["text with no control, any script", "ok é ü 日本 ✓", "ok é ü 日本 ✓"],
] as const)("%s", ([, text, shown]) => {
  expect(terminalText(text)).toBe(shown);
});
