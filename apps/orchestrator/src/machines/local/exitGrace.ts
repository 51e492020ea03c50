/**
 * How long after a process exits its output may still arrive. A grandchild left holding the pipes
 * (`sleep 100 &` without a redirect) would otherwise keep the call open for as long as it lives.
 */
export const OUTPUT_GRACE_AFTER_EXIT_MS = 250;
