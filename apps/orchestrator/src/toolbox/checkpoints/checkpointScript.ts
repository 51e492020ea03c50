/**
 * The checkpoint in git plumbing, as one bash script: `bash -c CHECKPOINT_SCRIPT checkpoint <folder>
 * <ref> <message>` prints the commit's sha. It stages everything into a temporary index, never the
 * real one, so the index, HEAD and the working tree stay as they were.
 *
 * - The temporary index starts as a copy of the real one, so `git add -A` rehashes only the files
 *   whose stat changed. `cp -p` keeps its mtime: git judges "racily clean" entries (a file changed
 *   in the second the index was written) against the index file's mtime, and a fresh mtime would
 *   hide such a change.
 * - It lives in the git dir (always writable by whoever owns the repository) and is removed on the
 *   way out, on TERM too. `git add` takes `<index>.lock` beside it, never the real index.lock, so a
 *   checkpoint works while another git command holds the repository's index.
 * - One rev-parse gives the git dir and HEAD's commit; it exits 1 when HEAD is unborn (no commit
 *   yet), and the checkpoint then has no parent. Every git process counts: a checkpoint is a few
 *   of them, each started in the sandbox.
 * - commit-tree signs when commit.gpgSign is set: --no-gpg-sign, a checkpoint is not a commit of
 *   the agent's.
 */
export const CHECKPOINT_SCRIPT = `set -eu
folder=$1 ref=$2 message=$3
cd -- "$folder"
status=0
found=$(git rev-parse --absolute-git-dir --verify -q 'HEAD^{commit}') || status=$?
if [ "$status" -gt 1 ]; then exit "$status"; fi
git_dir=\${found%%$'\\n'*}
parent=\${found#"$git_dir"}
parent=\${parent#$'\\n'}
index="$git_dir/guilds-checkpoint-index.$$"
trap 'rm -f -- "$index" "$index.lock"' EXIT
trap 'exit 143' TERM INT HUP
if [ -f "$git_dir/index" ]; then cp -p -- "$git_dir/index" "$index"; fi
export GIT_INDEX_FILE=$index
git add -A
tree=$(git write-tree)
if [ -n "$parent" ]; then
  commit=$(git commit-tree --no-gpg-sign -p "$parent" -m "$message" "$tree")
else
  commit=$(git commit-tree --no-gpg-sign -m "$message" "$tree")
fi
git update-ref -m "$message" "$ref" "$commit"
printf '%s\\n' "$commit"
`;

/** The checkpoint's author and committer, whatever git config the machine has (or lacks). */
export const CHECKPOINT_IDENTITY: Record<string, string> = {
  GIT_AUTHOR_NAME: "guilds",
  GIT_AUTHOR_EMAIL: "guilds@localhost",
  GIT_COMMITTER_NAME: "guilds",
  GIT_COMMITTER_EMAIL: "guilds@localhost",
};
