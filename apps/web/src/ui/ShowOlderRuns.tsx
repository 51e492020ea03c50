import { Button } from "./Button.tsx";

/** Under a list of runs that has more: loads the next page of older ones. */
export function ShowOlderRuns({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button className="runs-older" busy={busy} onClick={onClick}>
      Show older runs
    </Button>
  );
}
