/**
 * The launcher (commandLauncher.ts): a small Perl process the long-lived helper keeps, which forks
 * its foreground commands. Node's spawn forks the whole helper (~60 MiB) and waits for the exec;
 * a 5 MiB Perl forks as cheaply as bash does. Perl because bash cannot learn of a child's exit
 * while it waits for input, and perl-base is part of every Debian-based system (git needs it too).
 * POSIX is not loaded: it makes each fork ~0.4 ms slower.
 *
 * In:  records of NUL-terminated fields: name, the count N of fields that follow, then cwd, log
 *      file, the cgroup files to join (newline-separated, maybe none), command, and N - 4
 *      "NAME=value" variables (the whole environment).
 * Out: "started <name> <pid>", "exited <name> <wait status> <pid>", "failed <name> <reason>" lines.
 *      A command that ends within 10 ms gets its exit line only: a line less for Node to wake for;
 *      one still running then is announced (within a second or two when others keep it busy).
 *
 * A stop's signals are for the helper, which stops its commands and still needs their exits: the
 * launcher ignores TERM, INT and HUP (the child restores them) and ends when its stdin closes.
 * The child joins the command's cgroup (writing "0" to each file, ChildCgroup.joinFiles: three
 * system calls a file, where bash's redirections take ten), makes its own process group (the
 * launcher is in a session of its own, with no terminal), reads nothing (stdin is /dev/null),
 * appends both outputs to the log, and execs bash -c. A SIGCHLD interrupts the select; one that comes just before it is caught by the
 * select's 50 ms timeout while a command runs.
 */
export const LAUNCHER_SCRIPT = String.raw`
$| = 1;
my %running;
my %unannounced;
my $buffer = '';
$SIG{CHLD} = sub { };
$SIG{$_} = 'IGNORE' for qw(TERM INT HUP);
while (1) {
  reap();
  my $wanted = '';
  vec($wanted, fileno(STDIN), 1) = 1;
  my $ready = select(my $readable = $wanted, undef, undef, %unannounced ? 0.01 : %running ? 0.05 : undef);
  announce($ready == 0 ? time + 1 : time - 1);
  next if $ready <= 0;
  my $got = sysread(STDIN, $buffer, 65536, length $buffer);
  next if !defined $got && $!{EINTR};
  last if !$got;
  while (my $record = take_record()) { start(@$record) }
}

sub reap {
  while ((my $pid = waitpid(-1, 1)) > 0) {
    my $name = delete $running{$pid};
    delete $unannounced{$pid};
    print "exited $name $? $pid\n" if defined $name;
  }
}

sub announce {
  my $before = shift;
  for my $pid (keys %unannounced) {
    next if $unannounced{$pid} >= $before;
    delete $unannounced{$pid};
    print "started $running{$pid} $pid\n";
  }
}

sub take_record {
  my @fields;
  my $at = 0;
  while (1) {
    my $end = index($buffer, "\0", $at);
    return undef if $end < 0;
    push @fields, substr($buffer, $at, $end - $at);
    $at = $end + 1;
    last if @fields >= 2 && @fields == $fields[1] + 2;
  }
  substr($buffer, 0, $at) = '';
  return \@fields;
}

sub start {
  my ($name, $count, $cwd, $log, $join, $command, @environment) = @_;
  my $pid = fork();
  if (!defined $pid) {
    print "failed $name fork: $!\n";
    return;
  }
  if ($pid == 0) {
    $SIG{$_} = 'DEFAULT' for qw(CHLD TERM INT HUP);
    for my $file (split /\n/, $join) {
      open(my $group, '>', $file) or next;
      syswrite($group, '0');
      close($group);
    }
    setpgrp(0, 0);
    open(STDIN, '<', '/dev/null');
    open(STDOUT, '>>', $log) or exit 126;
    open(STDERR, '>&', \*STDOUT);
    chdir($cwd) or do { print STDERR "bash: cd: $cwd: $!\n"; exit 127 };
    %ENV = map { split /=/, $_, 2 } @environment;
    exec { 'bash' } 'bash', '-c', $command or do { print STDERR "bash could not be started: $!\n"; exit 127 };
  }
  $running{$pid} = $name;
  $unannounced{$pid} = time;
}
`;
