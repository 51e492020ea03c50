import {
  BINARY_PROBE_BYTES,
  FILE_READ_LIMIT_DEFAULT,
  FILE_READ_LIMIT_MAX,
  FILE_READ_LINE_MAX_CHARS,
} from "@guilds/protocol/limits";
import type { ToolDescription } from "../tool.ts";

export const fileReadDescription: ToolDescription = {
  text: `Read numbered lines of one file inside the agent's home: limit lines (default ${FILE_READ_LIMIT_DEFAULT}, at most ${FILE_READ_LIMIT_MAX}) from line offset (default 1), under a header "lines a–b of n".

A relative path resolves against the run's working directory; ~/ starts at the home. A path that resolves, links followed, outside the home is refused. Lines over ${FILE_READ_LINE_MAX_CHARS} characters are clipped with … [+N chars]. A range that would pass the result's size cap stops early and says which offset continues it. A binary file (a NUL byte in its first ${BINARY_PROBE_BYTES} bytes) is named with its size, not shown.

Reading the same unchanged lines again in a run returns a pointer to the earlier result instead of the text: use that result.`,
  args: {
    path: "The file: relative to the working directory, or starting with ~/ for the home.",
    offset: "The first line to read, counting from 1; default 1.",
    limit: `How many lines to read: default ${FILE_READ_LIMIT_DEFAULT}, 1 to ${FILE_READ_LIMIT_MAX}.`,
  },
};
