/**
 * A system call the machines' seccomp filter refuses with EPERM: always, or only when
 * `(argument & mask) === value`. libseccomp names it; a name the native architecture lacks is skipped.
 */
export interface RefusedCall {
  name: string;
  when?: { argument: number; mask: number; value: number };
}

/**
 * Modelled on Docker's default profile: what it refuses a container without the matching
 * capability. Our machines have no capabilities, so the kernel refuses most of these anyway; the
 * filter keeps the code behind them out of reach. Unlike Docker, everything else is allowed
 * (clone and clone3 included: without capabilities or nested user namespaces a new namespace is
 * refused by the kernel), and name_to_handle_at and adjtimex are refused too.
 */
const ALWAYS_REFUSED = [
  // The kernel keyring, eBPF, perf counters and userfaultfd: large attack surfaces, no use here.
  "keyctl",
  "add_key",
  "request_key",
  "bpf",
  "perf_event_open",
  "userfaultfd",
  // io_uring: refused by Docker since 25.0; libuv (node) falls back to its thread pool.
  "io_uring_setup",
  "io_uring_enter",
  "io_uring_register",
  // Mounts and namespaces: --disable-userns covers new user namespaces, these the rest.
  "mount",
  "umount",
  "umount2",
  "pivot_root",
  "move_mount",
  "open_tree",
  "fsopen",
  "fsmount",
  "fsconfig",
  "fspick",
  "mount_setattr",
  "unshare",
  "setns",
  // Kernel modules, kexec, and the machine itself.
  "init_module",
  "finit_module",
  "delete_module",
  "create_module",
  "get_kernel_syms",
  "query_module",
  "kexec_load",
  "kexec_file_load",
  "reboot",
  "swapon",
  "swapoff",
  "acct",
  "syslog",
  "vhangup",
  // The clock.
  "settimeofday",
  "stime",
  "clock_settime",
  "clock_settime64",
  "adjtimex",
  "clock_adjtime",
  "clock_adjtime64",
  // Files by handle (bypass the view), quotas, obsolete and hardware calls.
  "open_by_handle_at",
  "name_to_handle_at",
  "lookup_dcookie",
  "quotactl",
  "quotactl_fd",
  "nfsservctl",
  "fanotify_init",
  "uselib",
  "ustat",
  "sysfs",
  "_sysctl",
  "iopl",
  "ioperm",
  "vm86",
  "vm86old",
  // NUMA placement (Docker: CAP_SYS_NICE only).
  "get_mempolicy",
  "mbind",
  "set_mempolicy",
  "set_mempolicy_home_node",
  "migrate_pages",
  "move_pages",
];

// ioctl's request is an unsigned int the kernel truncates: the mask ignores the upper half.
const TIOCSTI = 0x5412;
const TIOCLINUX = 0x541c;
const AF_VSOCK = 40;

/**
 * The personality flags that weaken what exec sets up (the kernel clears them on a setuid exec):
 * READ_IMPLIES_EXEC, ADDR_NO_RANDOMIZE, ADDR_COMPAT_LAYOUT, MMAP_PAGE_ZERO.
 */
const DANGEROUS_PERSONALITY_FLAGS = [0x0400000, 0x0040000, 0x0200000, 0x0100000];
/** personality(0xffffffff) only asks; any other value with this bit set is set as it is. */
const PERSONALITY_QUERY_BIT = 0x80000000;

/**
 * A libseccomp rule compares each argument once, so "a dangerous flag set, and not the query" is a
 * dangerous flag with the query bit clear, or the query bit set with any other bit clear. (`|` is
 * signed in JavaScript: `>>> 0` makes the mask unsigned again.)
 */
function personalityRules(): RefusedCall[] {
  const flagged = DANGEROUS_PERSONALITY_FLAGS.map((flag) => ({
    name: "personality",
    when: { argument: 0, mask: (flag | PERSONALITY_QUERY_BIT) >>> 0, value: flag },
  }));
  const notTheQuery = Array.from({ length: 31 }, (_, bit) => ({
    name: "personality",
    when: { argument: 0, mask: (PERSONALITY_QUERY_BIT | (1 << bit)) >>> 0, value: PERSONALITY_QUERY_BIT },
  }));
  return [...flagged, ...notTheQuery];
}

export function refusedCalls(): RefusedCall[] {
  return [
    ...ALWAYS_REFUSED.map((name) => ({ name })),
    // Typing into the controlling terminal, and the virtual console's ioctl.
    { name: "ioctl", when: { argument: 1, mask: 0xffffffff, value: TIOCSTI } },
    { name: "ioctl", when: { argument: 1, mask: 0xffffffff, value: TIOCLINUX } },
    // vsock reaches the hypervisor's host past the machine's network namespace.
    { name: "socket", when: { argument: 0, mask: 0xffffffff, value: AF_VSOCK } },
    ...personalityRules(),
  ];
}
